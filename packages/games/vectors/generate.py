#!/usr/bin/env python3
"""Test vectors for packages/games, computed from the text of GAMES.md alone.

This script shares no code with the TypeScript engine: it implements the fairness protocol (byte
stream, int(n), float(), Fisher-Yates, card shoes and dealing orders) and the rules of each game
straight from the spec, with Python's standard library only, and writes JSON fixtures that the
TypeScript tests compare against. Regenerate from the repository root with

    python3 packages/games/vectors/generate.py && npx biome format --write packages/games/vectors

and commit the JSON it writes beside itself (Biome only re-wraps it, so that `npm run lint`
passes). The output is deterministic: a regeneration that changes a fixture changed the spec's
reading, and the TypeScript engine must follow.
"""

import hashlib
import hmac
import json
import os
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
TWO_32 = 2**32


def seed(label):
    """A fixed, readable server seed for the vectors."""
    return hashlib.sha256(label.encode()).hexdigest()


class Stream:
    """A round's byte stream and the draws of GAMES.md on it."""

    def __init__(self, server_seed, client_seed, nonce):
        self.key = server_seed.encode("ascii")  # the hex text itself is the key
        self.prefix = f"{client_seed}:{nonce}:"
        self.cursor = 0
        self.buffer = b""
        self.read = 0

    def block(self, cursor):
        return hmac.new(self.key, (self.prefix + str(cursor)).encode("ascii"), hashlib.sha256).digest()

    def take(self, count):
        while len(self.buffer) < count:
            self.buffer += self.block(self.cursor)
            self.cursor += 1
        out, self.buffer = self.buffer[:count], self.buffer[count:]
        self.read += count
        return out

    def int(self, n):
        assert 1 <= n <= TWO_32
        limit = TWO_32 - (TWO_32 % n)
        while True:
            u = int.from_bytes(self.take(4), "big")
            if u < limit:
                return u % n

    def float(self):
        return self.int(TWO_32) / TWO_32

    def shuffle(self, items):
        for i in range(len(items) - 1, 0, -1):
            j = self.int(i + 1)
            items[i], items[j] = items[j], items[i]
        return items

    def shoe(self, decks):
        return self.shuffle(list(range(52 * decks)))


def rank(card):
    return card % 13


def suit(card):
    return ["spades", "hearts", "clubs", "diamonds"][(card // 13) % 4]


SEEDS = [
    {"serverSeed": seed("panalo vector 0"), "clientSeed": "alice", "nonce": 0},
    {"serverSeed": seed("panalo vector 1"), "clientSeed": "Bob_the-2nd", "nonce": 7},
    {"serverSeed": seed("panalo vector 2"), "clientSeed": "x" * 64, "nonce": 123456789},
    {"serverSeed": seed("panalo vector 3"), "clientSeed": "-", "nonce": 2**53 - 1},
]


def stream_of(s):
    return Stream(s["serverSeed"], s["clientSeed"], s["nonce"])


def protocol_vectors():
    out = {"commitments": [], "blocks": [], "ints": [], "floats": [], "shuffles": [], "shoes": []}
    for s in SEEDS:
        # The commitment is sha256 over the seed's ASCII hex text; pairs committed before that
        # rule (commitment version 1) hashed the 32 bytes the hex spells.
        out["commitments"].append(
            {
                "serverSeed": s["serverSeed"],
                "hash": hashlib.sha256(s["serverSeed"].encode("ascii")).hexdigest(),
                "hashOfBytes": hashlib.sha256(bytes.fromhex(s["serverSeed"])).hexdigest(),
            }
        )
        st = stream_of(s)
        out["blocks"].append({**s, "blocks": [st.block(c).hex() for c in range(4)]})
    # n = 2^31 + 1 rejects almost half of all words, 3 * 2^30 a quarter: both force discards.
    for s in SEEDS:
        for n in [1, 2, 6, 37, 10000, 2**31 + 1, 3 * 2**30, 2**32 - 1, 2**32]:
            st = stream_of(s)
            values = [st.int(n) for _ in range(40)]
            out["ints"].append({**s, "n": n, "values": values, "bytesRead": st.read})
    for s in SEEDS:
        st = stream_of(s)
        out["floats"].append({**s, "values": [st.float() for _ in range(20)]})
    for s in SEEDS:
        for length in [0, 1, 2, 3, 10, 25, 52]:
            st = stream_of(s)
            out["shuffles"].append({**s, "length": length, "order": st.shuffle(list(range(length))), "bytesRead": st.read})
    for s in SEEDS:
        for decks in [1, 6, 8]:
            st = stream_of(s)
            shoe = st.shoe(decks)
            out["shoes"].append(
                {
                    **s,
                    "decks": decks,
                    "shoe": shoe,
                    "firstRanks": [rank(c) for c in shoe[:10]],
                    "firstSuits": [suit(c) for c in shoe[:10]],
                }
            )
    return out


# ---------------------------------------------------------------------------------------------
# Games. Stakes and payouts are integers of minor units, written as strings (JSON has no bigint);
# a payout is what the wallet credits: the stake back plus the winnings, 0 on a loss.


def dice_round(s, bets):
    out = []
    for direction, target, stake in bets:
        st = stream_of(s)
        roll = st.int(10000)
        chance = target if direction == "under" else 9999 - target
        win = roll < target if direction == "under" else roll > target
        payout = stake * 9900 // chance if win else 0
        out.append({**s, "bet": {"direction": direction, "targetHundredths": target, "stakeMinor": str(stake)},
                    "rollHundredths": roll, "isWin": win, "payoutMinor": str(payout)})
    return out


RED = {1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36}


def roulette_wins(bet, pocket):
    kind = bet["kind"]
    if "numbers" in bet:
        return pocket in bet["numbers"]
    if pocket == 0:
        return False
    return {
        "column": lambda: (pocket - 1) % 3 + 1 == bet.get("index"),
        "dozen": lambda: (pocket - 1) // 12 + 1 == bet.get("index"),
        "red": lambda: pocket in RED,
        "black": lambda: pocket not in RED,
        "odd": lambda: pocket % 2 == 1,
        "even": lambda: pocket % 2 == 0,
        "low": lambda: pocket <= 18,
        "high": lambda: pocket >= 19,
    }[kind]()


ROULETTE_ODDS = {"straight": 35, "split": 17, "street": 11, "corner": 8, "six-line": 5, "column": 2, "dozen": 2,
                 "red": 1, "black": 1, "odd": 1, "even": 1, "low": 1, "high": 1}


def roulette_round(s, bets):
    pocket = stream_of(s).int(37)
    settled = []
    for bet in bets:
        stake = int(bet["stakeMinor"])
        settled.append(str(stake * (ROULETTE_ODDS[bet["kind"]] + 1) if roulette_wins(bet, pocket) else 0))
    return {**s, "bets": bets, "pocket": pocket, "payoutsMinor": settled}


SIC_BO_TOTALS = {4: 60, 5: 30, 6: 17, 7: 12, 8: 8, 9: 6, 10: 6, 11: 6, 12: 6, 13: 8, 14: 12, 15: 17, 16: 30, 17: 60}


def sic_bo_odds(bet, dice):
    total = sum(dice)
    triple = dice[0] == dice[1] == dice[2]
    kind = bet["kind"]
    if kind == "small":
        return 1 if 4 <= total <= 10 and not triple else None
    if kind == "big":
        return 1 if 11 <= total <= 17 and not triple else None
    if kind == "any-triple":
        return 30 if triple else None
    if kind == "single":
        m = dice.count(bet["number"])
        return m if m else None
    if kind == "specific-double":
        return 10 if dice.count(bet["number"]) >= 2 else None
    if kind == "specific-triple":
        return 180 if triple and dice[0] == bet["number"] else None
    if kind == "total":
        return SIC_BO_TOTALS[bet["total"]] if total == bet["total"] else None
    raise ValueError(kind)


def sic_bo_round(s, bets):
    st = stream_of(s)
    dice = [st.int(6) + 1 for _ in range(3)]
    payouts = []
    for bet in bets:
        odds = sic_bo_odds(bet, dice)
        payouts.append(str(0 if odds is None else int(bet["stakeMinor"]) * (odds + 1)))
    return {**s, "bets": bets, "dice": dice, "payoutsMinor": payouts}


COLOURS = ["yellow", "white", "pink", "blue", "red", "green"]
FISH = ["fish", "prawn", "crab", "rooster", "gourd", "stag"]


def matching_round(s, faces, bets):
    st = stream_of(s)
    dice = [faces[st.int(6)] for _ in range(3)]
    payouts = []
    for bet in bets:
        m = dice.count(bet["face"])
        payouts.append(str(int(bet["stakeMinor"]) * (m + 1) if m else 0))
    return {**s, "bets": bets, "dice": dice, "payoutsMinor": payouts}


def comb(n, k):
    from math import comb as c
    return c(n, k)


def mines_round(s, mine_count, picks, stake):
    layout = stream_of(s).shuffle(list(range(25)))
    mines = sorted(layout[:mine_count])
    safe = 0
    busted = False
    for tile in picks:
        if tile in mines:
            busted = True
            break
        safe += 1
    payout = 0 if busted else stake * 99 * comb(25, safe) // (100 * comb(25 - mine_count, safe))
    return {**s, "mineCount": mine_count, "picks": picks, "stakeMinor": str(stake), "mines": mines,
            "busted": busted, "safePicks": safe, "payoutMinor": str(payout)}


def baccarat_value(card):
    r = rank(card)
    return r + 1 if r < 9 else 0


def baccarat_deal(shoe):
    player = [shoe[0], shoe[2]]
    banker = [shoe[1], shoe[3]]
    nxt = 4
    total = lambda hand: sum(baccarat_value(c) for c in hand) % 10
    if total(player) >= 8 or total(banker) >= 8:
        return player, banker
    third = None
    if total(player) <= 5:
        third = baccarat_value(shoe[nxt])
        player.append(shoe[nxt])
        nxt += 1
    b = total(banker)
    if third is None:
        draw = b <= 5
    else:
        draw = b <= 2 or (b == 3 and third != 8) or (b == 4 and 2 <= third <= 7) or \
            (b == 5 and 4 <= third <= 7) or (b == 6 and third in (6, 7))
    if draw:
        banker.append(shoe[nxt])
    return player, banker


def baccarat_round(s, bets):
    shoe = stream_of(s).shoe(8)
    player, banker = baccarat_deal(shoe)
    p = sum(baccarat_value(c) for c in player) % 10
    b = sum(baccarat_value(c) for c in banker) % 10
    payouts = []
    for bet in bets:
        stake = int(bet["stakeMinor"])
        kind = bet["kind"]
        if kind == "player":
            pay = 2 * stake if p > b else stake if p == b else 0
        elif kind == "banker":
            pay = stake + stake * 95 // 100 if b > p else stake if p == b else 0
        elif kind == "tie":
            pay = 9 * stake if p == b else 0
        elif kind == "player-pair":
            pay = 12 * stake if rank(player[0]) == rank(player[1]) else 0
        elif kind == "banker-pair":
            pay = 12 * stake if rank(banker[0]) == rank(banker[1]) else 0
        payouts.append(str(pay))
    return {**s, "bets": bets, "player": player, "banker": banker, "playerTotal": p, "bankerTotal": b,
            "payoutsMinor": payouts}


def dragon_tiger_round(s, bets):
    shoe = stream_of(s).shoe(8)
    dragon, tiger = shoe[0], shoe[1]
    d, t = rank(dragon), rank(tiger)
    payouts = []
    for bet in bets:
        stake = int(bet["stakeMinor"])
        kind = bet["kind"]
        if kind == "tie":
            pay = 12 * stake if d == t else 0
        else:
            mine, theirs = (d, t) if kind == "dragon" else (t, d)
            pay = 2 * stake if mine > theirs else stake // 2 if mine == theirs else 0
        payouts.append(str(pay))
    return {**s, "bets": bets, "dragon": dragon, "tiger": tiger, "payoutsMinor": payouts}


# Slots. The strips and paytables are our design (packages/games/src/*-slot/*.ts state them); they
# are copied here so that the outcomes and the exact returns are re-derived without the engine.
CLASSIC_STRIPS = [["bell", "lemon", "seven", "bar", "plum", "cherry", "bell", "lemon", "orange", "bar", "plum", "cherry", "bell", "lemon", "orange", "bar", "plum", "cherry", "bell", "lemon", "orange", "bar", "plum", "cherry"], ["bar", "bell", "orange", "cherry", "lemon", "plum", "seven", "bell", "bar", "lemon", "plum", "orange", "seven", "bell", "lemon", "bar", "plum", "cherry", "orange", "lemon", "bell", "seven", "plum", "lemon"], ["bell", "seven", "plum", "orange", "bell", "cherry", "lemon", "bar", "bell", "plum", "bar", "cherry", "bell", "orange", "plum", "lemon", "bell", "cherry", "seven", "orange", "bell", "plum", "lemon", "cherry"]]
CLASSIC_LINES = [[1, 1, 1], [0, 0, 0], [2, 2, 2], [0, 1, 2], [2, 1, 0]]
CLASSIC_THREE = {"seven": 200, "bar": 60, "bell": 30, "plum": 20, "orange": 15, "lemon": 12, "cherry": 10}

VIDEO_STRIPS = [["sampaguita", "mango", "jack", "king", "ace", "ten", "queen", "carabao", "jeepney", "jack", "sampaguita", "king", "ten", "ace", "queen", "mango", "jeepney", "jack", "king", "carabao", "ten", "queen", "sampaguita", "ace", "jack", "scatter", "king", "ten", "carabao", "queen"], ["jack", "ace", "king", "ten", "wild", "queen", "carabao", "mango", "jack", "sampaguita", "jeepney", "king", "ten", "wild", "queen", "ace", "carabao", "jack", "scatter", "king", "ten", "sampaguita", "queen", "ace", "wild", "jack", "mango", "king", "ten", "carabao", "queen", "sampaguita", "jeepney"], ["carabao", "ten", "mango", "king", "queen", "sampaguita", "ace", "jack", "jeepney", "wild", "king", "ten", "queen", "carabao", "mango", "jack", "sampaguita", "king", "ten", "ace", "wild", "queen", "jeepney", "carabao", "king", "jack", "sampaguita", "ten", "scatter", "queen", "ace", "king", "jack", "wild"], ["king", "ten", "sampaguita", "queen", "ace", "wild", "jack", "mango", "king", "ten", "carabao", "queen", "sampaguita", "jeepney", "jack", "ace", "king", "ten", "wild", "queen", "carabao", "mango", "jack", "sampaguita", "jeepney", "king", "ten", "wild", "queen", "ace", "carabao", "jack", "scatter"], ["ten", "queen", "sampaguita", "jeepney", "jack", "ace", "carabao", "ten", "king", "queen", "wild", "mango", "jack", "sampaguita", "jeepney", "ten", "queen", "ace", "king", "jack", "carabao", "scatter", "ten", "sampaguita", "queen", "ace", "wild", "jack", "king", "mango"]]
VIDEO_LINES = [
    [1, 1, 1, 1, 1], [0, 0, 0, 0, 0], [2, 2, 2, 2, 2], [0, 1, 2, 1, 0], [2, 1, 0, 1, 2],
    [0, 0, 1, 2, 2], [2, 2, 1, 0, 0], [1, 0, 0, 0, 1], [1, 2, 2, 2, 1], [1, 0, 1, 2, 1],
    [1, 2, 1, 0, 1], [0, 1, 0, 1, 0], [2, 1, 2, 1, 2], [1, 1, 0, 1, 1], [1, 1, 2, 1, 1],
    [0, 1, 1, 1, 0], [2, 1, 1, 1, 2], [0, 0, 2, 0, 0], [2, 2, 0, 2, 2], [0, 2, 0, 2, 0],
    [2, 0, 2, 0, 2], [1, 0, 2, 0, 1], [1, 2, 0, 2, 1], [0, 2, 2, 2, 0], [2, 0, 0, 0, 2],
]
VIDEO_PAYS = {"wild": (50, 250, 1000), "mango": (40, 150, 500), "jeepney": (30, 100, 400), "carabao": (25, 80, 300),
              "sampaguita": (20, 60, 200), "ace": (15, 40, 150), "king": (12, 30, 120), "queen": (10, 25, 100),
              "jack": (8, 20, 80), "ten": (8, 20, 80)}
VIDEO_SCATTER = {3: 2, 4: 10, 5: 50}
VIDEO_FREE = {3: 8, 4: 12, 5: 20}
VIDEO_FREE_MULTIPLIER = 2


def window(strips, stops):
    return [[strip[(stop + row) % len(strip)] for row in range(3)] for strip, stop in zip(strips, stops)]


def classic_line(symbols):
    a, b, c = symbols
    if a == b == c:
        return CLASSIC_THREE[a]
    if a == "cherry":
        return 5 if b == "cherry" else 2
    return 0


def classic_round(s, line_stake):
    st = stream_of(s)
    stops = [st.int(len(strip)) for strip in CLASSIC_STRIPS]
    w = window(CLASSIC_STRIPS, stops)
    total = sum(classic_line([w[reel][row] for reel, row in enumerate(line)]) for line in CLASSIC_LINES)
    return {**s, "lineStakeMinor": str(line_stake), "stops": stops, "payoutMinor": str(total * line_stake)}


def classic_return():
    paid = 0
    n = 0
    for a in range(len(CLASSIC_STRIPS[0])):
        for b in range(len(CLASSIC_STRIPS[1])):
            for c in range(len(CLASSIC_STRIPS[2])):
                w = window(CLASSIC_STRIPS, [a, b, c])
                paid += sum(classic_line([w[reel][row] for reel, row in enumerate(line)]) for line in CLASSIC_LINES)
                n += 1
    return Fraction(paid, n * len(CLASSIC_LINES))


def video_line(symbols):
    """The better of the leading wilds' pay and the first other symbol's run (wilds substituting)."""
    def pay(symbol, count):
        return VIDEO_PAYS[symbol][count - 3] if count >= 3 else 0
    wilds = 0
    while wilds < 5 and symbols[wilds] == "wild":
        wilds += 1
    best = pay("wild", wilds)
    if wilds < 5 and symbols[wilds] != "scatter":
        symbol = symbols[wilds]
        count = wilds
        while count < 5 and symbols[count] in (symbol, "wild"):
            count += 1
        best = max(best, pay(symbol, count))
    return best


def video_spin(st, line_stake, multiplier):
    stops = [st.int(len(strip)) for strip in VIDEO_STRIPS]
    w = window(VIDEO_STRIPS, stops)
    lines = sum(video_line([w[reel][row] for reel, row in enumerate(line)]) for line in VIDEO_LINES)
    scatters = sum(column.count("scatter") for column in w)
    win = (lines + VIDEO_SCATTER.get(scatters, 0) * len(VIDEO_LINES)) * line_stake * multiplier
    return stops, scatters, win


def video_round(s, line_stake):
    st = stream_of(s)
    stops, scatters, win = video_spin(st, line_stake, 1)
    free = [video_spin(st, line_stake, VIDEO_FREE_MULTIPLIER) for _ in range(VIDEO_FREE.get(scatters, 0))]
    return {**s, "lineStakeMinor": str(line_stake), "stops": stops, "scatters": scatters,
            "freeSpinStops": [f[0] for f in free],
            "payoutMinor": str(win + sum(f[2] for f in free))}


def video_return():
    from collections import Counter
    from itertools import product
    counts = [Counter(strip) for strip in VIDEO_STRIPS]
    paid = 0
    for combo in product(*[list(c) for c in counts]):
        win = video_line(combo)
        if win:
            ways = 1
            for reel, symbol in enumerate(combo):
                ways *= counts[reel][symbol]
            paid += ways * win
    size = 1
    for strip in VIDEO_STRIPS:
        size *= len(strip)
    lines = Fraction(paid, size)
    dist = {0: Fraction(1)}
    for strip in VIDEO_STRIPS:
        shown = Counter(sum(strip[(stop + row) % len(strip)] == "scatter" for row in range(3)) for stop in range(len(strip)))
        nd = {}
        for before, chance in dist.items():
            for k, stops in shown.items():
                nd[before + k] = nd.get(before + k, 0) + chance * Fraction(stops, len(strip))
        dist = nd
    scatters = sum(chance * VIDEO_SCATTER.get(k, 0) for k, chance in dist.items())
    free = sum(chance * VIDEO_FREE.get(k, 0) for k, chance in dist.items())
    return (lines + scatters) * (1 + free * VIDEO_FREE_MULTIPLIER)


# Blackjack, with the choices GAMES.md leaves to the module written down there: a pair is two cards
# of the same rank; split aces get one card each and stand; a hand reaching 21 stands by itself;
# insurance is half the stake (rounded down); the dealer does not draw when every hand is bust.


def bj_value(card):
    return min(rank(card) + 1, 10)


def bj_total(cards):
    total = sum(bj_value(c) for c in cards)
    soft = any(bj_value(c) == 1 for c in cards) and total + 10 <= 21
    return (total + 10 if soft else total), soft


def bj_is_blackjack(cards):
    return len(cards) == 2 and bj_total(cards)[0] == 21


def blackjack_round(s, stake, insure):
    """Plays with a simple policy of this script's own and records the actions it took."""
    shoe = stream_of(s).shoe(6)
    pos = 4
    dealer = [shoe[1], shoe[3]]
    hands = [{"cards": [shoe[0], shoe[2]], "stake": stake, "split": False, "aces": False, "done": False}]
    actions = []
    insurance = 0
    if rank(dealer[0]) == 0:
        actions.append("insure" if insure else "decline-insurance")
        insurance = stake // 2 if insure else 0

    def draw():
        nonlocal pos
        pos += 1
        return shoe[pos - 1]

    if not (bj_is_blackjack(dealer) or bj_is_blackjack(hands[0]["cards"])):
        i = 0
        while i < len(hands):
            h = hands[i]
            if len(h["cards"]) == 1:
                h["cards"].append(draw())
                if h["aces"] or bj_total(h["cards"])[0] == 21:
                    h["done"] = True
            while not h["done"]:
                total, soft = bj_total(h["cards"])
                two = len(h["cards"]) == 2
                if two and rank(h["cards"][0]) == rank(h["cards"][1]) and rank(h["cards"][0]) in (0, 7) \
                        and len(hands) < 4:
                    actions.append("split")
                    aces = rank(h["cards"][0]) == 0
                    second = h["cards"].pop()
                    h["split"] = True
                    h["aces"] = aces
                    hands.insert(i + 1, {"cards": [second], "stake": stake, "split": True, "aces": aces, "done": False})
                    h["cards"].append(draw())
                    if aces or bj_total(h["cards"])[0] == 21:
                        h["done"] = True
                elif two and not soft and total in (10, 11):
                    actions.append("double")
                    h["stake"] *= 2
                    h["cards"].append(draw())
                    h["done"] = True
                elif total < (18 if soft else 17):
                    actions.append("hit")
                    h["cards"].append(draw())
                    if bj_total(h["cards"])[0] >= 21:
                        h["done"] = True
                else:
                    actions.append("stand")
                    h["done"] = True
            i += 1
        if any(bj_total(h["cards"])[0] <= 21 for h in hands):
            while bj_total(dealer)[0] < 17:
                dealer.append(draw())
    d_total = bj_total(dealer)[0]
    d_bj = bj_is_blackjack(dealer)
    payouts = []
    for h in hands:
        total = bj_total(h["cards"])[0]
        if not h["split"] and bj_is_blackjack(h["cards"]):
            pay = h["stake"] if d_bj else h["stake"] + h["stake"] * 3 // 2
        elif d_bj or total > 21:
            pay = 0
        elif d_total > 21 or total > d_total:
            pay = 2 * h["stake"]
        elif total == d_total:
            pay = h["stake"]
        else:
            pay = 0
        payouts.append(str(pay))
    insurance_pay = 3 * insurance if d_bj else 0
    return {**s, "stakeMinor": str(stake), "actions": actions, "hands": [h["cards"] for h in hands],
            "dealer": dealer, "handPayoutsMinor": payouts, "insurancePayoutMinor": str(insurance_pay),
            "payoutMinor": str(sum(int(p) for p in payouts) + insurance_pay)}


def baccarat_chances():
    """Ways of each result over all ordered six-card deals of an 8-deck shoe (416 x 415 x ... x 411):
    every sequence of card values for the cards the tableau uses, weighted by how many cards of that
    value are left, times the ways of filling the unused positions."""
    counts = [128] + [32] * 9  # by baccarat value: 0 (tens and pictures), then 1 to 9
    ways = {"player": 0, "banker": 0, "tie": 0}

    def fill(used):
        w = 1
        for position in range(used, 6):
            w *= 416 - position
        return w

    def take(value):
        c = counts[value]
        counts[value] -= 1
        return c

    for p1 in range(10):
        w1 = take(p1)
        for b1 in range(10):
            w2 = w1 * take(b1)
            for p2 in range(10):
                w3 = w2 * take(p2)
                for b2 in range(10):
                    w4 = w3 * take(b2)
                    player, banker = (p1 + p2) % 10, (b1 + b2) % 10
                    outcomes = []
                    if player >= 8 or banker >= 8:
                        outcomes.append((player, banker, w4 * fill(4)))
                    elif player <= 5:
                        for p3 in range(10):
                            w5 = w4 * take(p3)
                            pt = (player + p3) % 10
                            if banker <= 2 or (banker == 3 and p3 != 8) or (banker == 4 and 2 <= p3 <= 7) or \
                                    (banker == 5 and 4 <= p3 <= 7) or (banker == 6 and p3 in (6, 7)):
                                for b3 in range(10):
                                    w6 = w5 * counts[b3]
                                    outcomes.append((pt, (banker + b3) % 10, w6))
                            else:
                                outcomes.append((pt, banker, w5 * fill(5)))
                            counts[p3] += 1
                    elif banker <= 5:
                        for b3 in range(10):
                            outcomes.append((player, (banker + b3) % 10, w4 * counts[b3] * fill(5)))
                    else:
                        outcomes.append((player, banker, w4 * fill(4)))
                    for pt, bt, w in outcomes:
                        ways["player" if pt > bt else "banker" if bt > pt else "tie"] += w
                    counts[b2] += 1
                counts[p2] += 1
            counts[b1] += 1
        counts[p1] += 1
    assert sum(ways.values()) == fill(0)
    return {kind: {"numerator": str(w), "denominator": str(fill(0))} for kind, w in ways.items()}


def game_seeds(count, label):
    return [{"serverSeed": seed(f"panalo {label} {i}"), "clientSeed": f"{label}-{i}", "nonce": i * 3}
            for i in range(count)]


def game_vectors():
    out = {}
    dice_bets = [("under", 5000, 100), ("over", 5000, 12345), ("under", 100, 100000), ("over", 9899, 7),
                 ("under", 9800, 333), ("over", 199, 100)]
    out["dice"] = [r for s in game_seeds(8, "dice") for r in dice_round(s, dice_bets)]
    roulette_bets = [
        {"kind": "straight", "numbers": [17], "stakeMinor": "100"},
        {"kind": "straight", "numbers": [0], "stakeMinor": "100"},
        {"kind": "split", "numbers": [0, 2], "stakeMinor": "100"},
        {"kind": "split", "numbers": [17, 20], "stakeMinor": "100"},
        {"kind": "street", "numbers": [16, 17, 18], "stakeMinor": "100"},
        {"kind": "corner", "numbers": [17, 18, 20, 21], "stakeMinor": "100"},
        {"kind": "six-line", "numbers": [13, 14, 15, 16, 17, 18], "stakeMinor": "100"},
        {"kind": "column", "index": 2, "stakeMinor": "100"},
        {"kind": "dozen", "index": 2, "stakeMinor": "100"},
    ] + [{"kind": k, "stakeMinor": "250"} for k in ["red", "black", "odd", "even", "low", "high"]]
    out["roulette"] = [roulette_round(s, roulette_bets) for s in game_seeds(40, "roulette")]
    sic_bo_bets = [{"kind": "small", "stakeMinor": "100"}, {"kind": "big", "stakeMinor": "100"},
                   {"kind": "any-triple", "stakeMinor": "100"}]
    sic_bo_bets += [{"kind": k, "number": n, "stakeMinor": "100"}
                    for k in ["single", "specific-double", "specific-triple"] for n in range(1, 7)]
    sic_bo_bets += [{"kind": "total", "total": t, "stakeMinor": "100"} for t in range(4, 18)]
    out["sicBo"] = [sic_bo_round(s, sic_bo_bets) for s in game_seeds(60, "sicbo")]
    out["colourGame"] = [matching_round(s, COLOURS, [{"face": c, "stakeMinor": "500"} for c in COLOURS])
                         for s in game_seeds(30, "colour")]
    out["fishPrawnCrab"] = [matching_round(s, FISH, [{"face": c, "stakeMinor": "500"} for c in FISH])
                            for s in game_seeds(30, "baucua")]
    mines = []
    for i, s in enumerate(game_seeds(30, "mines")):
        mine_count = [1, 3, 5, 10, 24][i % 5]
        picks = [(7 * i + 5 * k) % 25 for k in range(min(25 - mine_count, 2 + i % 6))]
        picks = list(dict.fromkeys(picks))
        mines.append(mines_round(s, mine_count, picks, 1000 + i))
    out["mines"] = mines
    bac_bets = [{"kind": k, "stakeMinor": "1001"} for k in ["player", "banker", "tie", "player-pair", "banker-pair"]]
    out["baccarat"] = [baccarat_round(s, bac_bets) for s in game_seeds(60, "baccarat")]
    dt_bets = [{"kind": k, "stakeMinor": "1001"} for k in ["dragon", "tiger", "tie"]]
    out["dragonTiger"] = [dragon_tiger_round(s, dt_bets) for s in game_seeds(60, "dragontiger")]
    out["classicSlot"] = [classic_round(s, 20 + i) for i, s in enumerate(game_seeds(40, "classic"))]
    video_seeds = [{"serverSeed": seed("panalo video"), "clientSeed": "video", "nonce": n} for n in range(2000)]
    triggered = [s for s in video_seeds if video_round(s, 1)["scatters"] >= 3][:3]
    out["videoSlot"] = [video_round(s, 4) for s in video_seeds[:30] + triggered]
    bj_seeds = [{"serverSeed": seed("panalo blackjack"), "clientSeed": "blackjack", "nonce": n} for n in range(3000)]
    bj_rounds = [blackjack_round(s, 1001, s["nonce"] % 2 == 0) for s in bj_seeds]
    # Every kind of round at least once: plain, insurance, splits (aces included), doubles, blackjacks.
    wanted = [
        lambda r: "split" in r["actions"] and rank(r["hands"][0][0]) == 0,
        lambda r: r["actions"].count("split") >= 2,
        lambda r: "split" in r["actions"] and "double" in r["actions"],
        lambda r: "insure" in r["actions"],
        lambda r: "insure" in r["actions"] and r["insurancePayoutMinor"] != "0",
        lambda r: "decline-insurance" in r["actions"],
        lambda r: bj_is_blackjack(r["hands"][0]) and len(r["hands"]) == 1,
        lambda r: bj_is_blackjack(r["dealer"]),
        lambda r: bj_total(r["dealer"])[0] > 21,
        lambda r: "double" in r["actions"],
    ]
    chosen = bj_rounds[:25]
    for test in wanted:
        chosen += [r for r in bj_rounds if test(r)][:2]
    out["blackjack"] = chosen
    classic, video = classic_return(), video_return()
    out["baccaratChances"] = baccarat_chances()
    out["slotReturns"] = {
        "classic": {"numerator": str(classic.numerator), "denominator": str(classic.denominator)},
        "video": {"numerator": str(video.numerator), "denominator": str(video.denominator)},
    }
    return out


def write(name, data):
    with open(os.path.join(HERE, name), "w") as f:
        json.dump(data, f, indent=1, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    write("protocol.json", protocol_vectors())
    write("games.json", game_vectors())
