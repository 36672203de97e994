import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BodyOf, backOffice, fileUpload, unwrap, type ValueOf } from '../../lib/back-office-api.ts';

export type Vendor = ValueOf<'/bo/game-vendors'>['list'][number];
export type VendorStatus = Vendor['status'];
export type VendorChange = BodyOf<'/bo/game-vendors/{id}', 'put'>;

export type Game = ValueOf<'/bo/games'>['list'][number];
export type GameStatus = Game['status'];
/** Each bet from minStake to maxStake, and the most one round may win. */
export type BetLimits = NonNullable<GameChange['betLimits']>;
/** What applies until an operator sets limits (the server's defaults). */
export const BET_LIMITS_DEFAULT: BetLimits = { minStake: '1.00', maxStake: '10000.00', maxWin: '1000000.00' };
/** `betLimits` null: back to the defaults. */
export type GameChange = BodyOf<'/bo/games/{id}', 'put'>;
export type BulkAction = BodyOf<'/bo/games/bulk'>['action'];

export type ClassifyGroup = ValueOf<'/bo/game-classify-groups'>['list'][number];
export type ClassifyGroupInput = Omit<BodyOf<'/bo/game-classify-groups'>, 'merchantId'>;

export type GameFilter = {
  search: string;
  vendorId: string;
  gameType: string;
  status: '' | GameStatus;
  classify: string;
  page: number;
};
export type GamePage = ValueOf<'/bo/games'>;

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
    queryFn: () => unwrap(backOffice.GET('/bo/game-vendors', { params: { query: { merchantId } } })),
    select: (value) => value.list,
    enabled: merchantId !== '',
  });
}

export function useGames(merchantId: string, filter: GameFilter) {
  return useQuery({
    queryKey: [...KEY, 'list', merchantId, filter],
    queryFn: () =>
      unwrap(
        backOffice.GET('/bo/games', {
          params: {
            query: { merchantId, ...filter, status: filter.status || undefined, pageSize: GAMES_PAGE_SIZE },
          },
        }),
      ),
    placeholderData: keepPreviousData,
    enabled: merchantId !== '',
  });
}

export function useClassifyGroups(merchantId: string) {
  return useQuery({
    queryKey: [...KEY, 'classify', merchantId],
    queryFn: () => unwrap(backOffice.GET('/bo/game-classify-groups', { params: { query: { merchantId } } })),
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
    unwrap(
      backOffice.PUT('/bo/game-vendors/{id}', { params: { path: { id: input.id } }, body: input.change }),
    ),
  );

export const useGameChange = () =>
  useCatalogueMutation((input: { id: string; change: GameChange }) =>
    unwrap(backOffice.PUT('/bo/games/{id}', { params: { path: { id: input.id } }, body: input.change })),
  );

export const useGameIconUpload = () =>
  useCatalogueMutation((input: { id: string; file: File }) =>
    unwrap(
      backOffice.POST('/bo/games/{id}/icon', {
        params: { path: { id: input.id } },
        ...fileUpload(input.file),
      }),
    ),
  );

export const useBulkGames = () =>
  useCatalogueMutation((input: { merchantId: string; ids: string[]; action: BulkAction }) =>
    unwrap(backOffice.POST('/bo/games/bulk', { body: input })),
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
          return unwrap(
            backOffice.POST('/bo/game-classify-groups', {
              body: { merchantId: input.merchantId, ...input.group },
            }),
          );
        case 'update':
          return unwrap(
            backOffice.PUT('/bo/game-classify-groups/{id}', {
              params: { path: { id: input.id } },
              body: input.change,
            }),
          );
        case 'delete':
          return unwrap(
            backOffice.DELETE('/bo/game-classify-groups/{id}', { params: { path: { id: input.id } } }),
          );
      }
    },
  );
