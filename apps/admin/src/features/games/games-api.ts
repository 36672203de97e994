import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callBackOffice, toQueryString, uploadToBackOffice } from '../../lib/back-office-api.ts';

export type VendorStatus = 'active' | 'maintenance' | 'disabled';
export type GameStatus = 'active' | 'maintenance' | 'hidden';
export type BulkAction = 'enable' | 'maintenance' | 'hide' | 'hotOn' | 'hotOff';

export type Vendor = {
  id: string;
  merchantId: string;
  vassalage: string;
  name: string;
  status: VendorStatus;
  sortOrder: number;
  isInHouse: boolean;
  walletMode: string;
  games: number;
};
export type VendorChange = Partial<Pick<Vendor, 'name' | 'status' | 'sortOrder' | 'isInHouse'>>;

export type Game = {
  id: string;
  merchantId: string;
  vendorId: string;
  vassalage: string;
  vendorName: string;
  nodeId: string;
  gameCode: string;
  gameType: string;
  names: Record<string, string>;
  iconUrl: string | null;
  isHot: boolean;
  sortOrder: number;
  status: GameStatus;
  /** 0: demo play is offered. */
  supportPlay: number;
  classify: string | null;
  /** Our own games' limits in force (money strings); null for a vendor's game. */
  betLimits: (BetLimits & { isDefault: boolean }) | null;
  updatedAt: string;
};
/** Each bet from minStake to maxStake, and the most one round may win. */
export type BetLimits = { minStake: string; maxStake: string; maxWin: string };
/** What applies until an operator sets limits (the server's defaults). */
export const BET_LIMITS_DEFAULT: BetLimits = { minStake: '1.00', maxStake: '10000.00', maxWin: '1000000.00' };
export type GameChange = {
  names?: { TY: string; EN: string };
  status?: GameStatus;
  isHot?: boolean;
  sortOrder?: number;
  supportPlay?: number;
  classify?: string | null;
  /** null: back to the defaults. */
  betLimits?: BetLimits | null;
};

export type ClassifyGroup = {
  id: string;
  merchantId: string;
  key: string;
  names: Record<string, string>;
  sortOrder: number;
  games: number;
};
export type ClassifyGroupInput = { key: string; names: { TY: string; EN: string }; sortOrder: number };

export type GameFilter = {
  search: string;
  vendorId: string;
  gameType: string;
  status: '' | GameStatus;
  classify: string;
  page: number;
};
export type GamePage = { list: Game[]; total: number; totalPages: number; gameTypes: string[] };

/** Limits the server holds the same (catalogue-admin.service.ts). */
export const GAME_NAME_LENGTH_MAX = 100;
export const CLASSIFY_NAME_LENGTH_MAX = 60;
export const SORT_ORDER_MAX = 100_000;
export const GAMES_PAGE_SIZE = 25;
export const ICON_BYTES_MAX = 2 * 1024 * 1024;

const KEY = ['bo', 'games'] as const;

export function useVendors(merchantId: string) {
  return useQuery({
    queryKey: [...KEY, 'vendors', merchantId],
    queryFn: () => callBackOffice<{ list: Vendor[] }>(`/bo/game-vendors${toQueryString({ merchantId })}`),
    select: (value) => value.list,
    enabled: merchantId !== '',
  });
}

export function useGames(merchantId: string, filter: GameFilter) {
  return useQuery({
    queryKey: [...KEY, 'list', merchantId, filter],
    queryFn: () =>
      callBackOffice<GamePage>(
        `/bo/games${toQueryString({ merchantId, ...filter, pageSize: GAMES_PAGE_SIZE })}`,
      ),
    placeholderData: keepPreviousData,
    enabled: merchantId !== '',
  });
}

export function useClassifyGroups(merchantId: string) {
  return useQuery({
    queryKey: [...KEY, 'classify', merchantId],
    queryFn: () =>
      callBackOffice<{ list: ClassifyGroup[] }>(`/bo/game-classify-groups${toQueryString({ merchantId })}`),
    select: (value) => value.list,
    enabled: merchantId !== '',
  });
}

/** Every catalogue change reads the catalogue again: counts and lists depend on each other. */
function useCatalogueMutation<Input, Value>(mutationFn: (input: Input) => Promise<Value>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export const useVendorChange = () =>
  useCatalogueMutation((input: { id: string; change: VendorChange }) =>
    callBackOffice<Vendor>(`/bo/game-vendors/${input.id}`, { method: 'PUT', body: input.change }),
  );

export const useGameChange = () =>
  useCatalogueMutation((input: { id: string; change: GameChange }) =>
    callBackOffice<Game>(`/bo/games/${input.id}`, { method: 'PUT', body: input.change }),
  );

export const useGameIconUpload = () =>
  useCatalogueMutation((input: { id: string; file: File }) =>
    uploadToBackOffice<Game>(`/bo/games/${input.id}/icon`, input.file),
  );

export const useBulkGames = () =>
  useCatalogueMutation((input: { merchantId: string; ids: string[]; action: BulkAction }) =>
    callBackOffice<{ changed: number }>('/bo/games/bulk', { method: 'POST', body: input }),
  );

export const useClassifyChange = () =>
  useCatalogueMutation(
    (
      input:
        | { kind: 'create'; merchantId: string; group: ClassifyGroupInput }
        | { kind: 'update'; id: string; change: Partial<Omit<ClassifyGroupInput, 'key'>> }
        | { kind: 'delete'; id: string },
    ): Promise<unknown> => {
      switch (input.kind) {
        case 'create':
          return callBackOffice<ClassifyGroup>('/bo/game-classify-groups', {
            method: 'POST',
            body: { merchantId: input.merchantId, ...input.group },
          });
        case 'update':
          return callBackOffice<ClassifyGroup>(`/bo/game-classify-groups/${input.id}`, {
            method: 'PUT',
            body: input.change,
          });
        case 'delete':
          return callBackOffice<{ removed: boolean }>(`/bo/game-classify-groups/${input.id}`, {
            method: 'DELETE',
          });
      }
    },
  );
