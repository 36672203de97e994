import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';

type Handler = (payload?: unknown) => void;
const handlers = new Map<string, Handler>();

vi.mock('socket.io-client', () => ({
  io: () => ({
    on: (event: string, handler: Handler) => handlers.set(event, handler),
    disconnect: () => undefined,
  }),
}));

const { connectSocket } = await import('./socket-listeners');

describe('the socket event mission', () => {
  it("reloads the missions' summary and the badges, and nothing else", async () => {
    const queryClient = new QueryClient();
    const invalidated: unknown[] = [];
    vi.spyOn(queryClient, 'invalidateQueries').mockImplementation(async (filters) => {
      invalidated.push(filters?.queryKey);
    });
    const close = connectSocket('token', queryClient);
    handlers.get('mission')?.({ missionIds: ['m-1'] });
    expect(invalidated).toEqual([['missions', 'summary'], ['member-badges']]);
    close();
  });
});

describe('the socket event notice', () => {
  it("reloads the public state's marquee and the announcements, and nothing else", async () => {
    const queryClient = new QueryClient();
    const invalidated: unknown[] = [];
    vi.spyOn(queryClient, 'invalidateQueries').mockImplementation(async (filters) => {
      invalidated.push(filters?.queryKey);
    });
    const close = connectSocket('token', queryClient);
    handlers.get('notice')?.({ id: 'n-1' });
    expect(invalidated).toEqual([['system', 'publicState'], ['announcements']]);
    close();
  });
});
