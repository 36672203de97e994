import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** The launch call as the lobby's tile makes it, with the page's session: the game's address. */
export async function launchUrlOf(page: Page, nodeId: string): Promise<string> {
  const launched = await page.evaluate(async (nodeId) => {
    const token = sessionStorage.getItem('token');
    const response = await fetch(`/wps/game/launchGame?nodeId=${nodeId}&mode=real&language=EN`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return (await response.json()) as { success: boolean; value: { url: string } };
  }, nodeId);
  expect(launched.success).toBe(true);
  return launched.value.url;
}
