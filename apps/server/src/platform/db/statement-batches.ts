/**
 * Work that arrives while the database answers one statement goes together in the next: each lane
 * has at most one batch out, and what comes meanwhile waits and leaves with the following batch
 * (at most `batchMax` at a time). An idle server thus writes each piece as it comes and a busy one
 * writes many in one statement. A piece alone is played by `playOne`; when a batch fails as a
 * whole (one piece broke a rule the statement checks, and nothing of it was written), each of its
 * pieces is played alone, so that only the one at fault fails.
 *
 * Lanes keep apart what must not wait on each other (our games' bets by house shard, red-envelope
 * claims by drop); a lane with nothing waiting is forgotten.
 */
export function createStatementBatches<Item, Answer>(options: {
  batchMax: number;
  playOne: (item: Item) => Promise<Answer>;
  playMany: (items: Item[]) => Promise<Answer[]>;
}) {
  type Waiting = { item: Item; resolve: (answer: Answer) => void; reject: (error: unknown) => void };
  const lanes = new Map<string, Waiting[]>();

  async function playAlone(waiting: Waiting): Promise<void> {
    try {
      waiting.resolve(await options.playOne(waiting.item));
    } catch (error) {
      waiting.reject(error);
    }
  }

  async function drain(key: string, queue: Waiting[]): Promise<void> {
    try {
      while (queue.length > 0) {
        const batch = queue.splice(0, options.batchMax);
        if (batch.length === 1) {
          await playAlone(batch[0] as Waiting);
          continue;
        }
        let answers: Answer[];
        try {
          answers = await options.playMany(batch.map((waiting) => waiting.item));
        } catch {
          await Promise.all(batch.map(playAlone));
          continue;
        }
        for (const [index, waiting] of batch.entries()) waiting.resolve(answers[index] as Answer);
      }
    } finally {
      lanes.delete(key);
    }
  }

  return {
    /** Plays an item in its lane's next batch; answers what the statement answered for it. */
    play(lane: string, item: Item): Promise<Answer> {
      return new Promise((resolve, reject) => {
        const queue = lanes.get(lane);
        if (queue) {
          queue.push({ item, resolve, reject });
          return;
        }
        const started: Waiting[] = [{ item, resolve, reject }];
        lanes.set(lane, started);
        void drain(lane, started);
      });
    },
  };
}
