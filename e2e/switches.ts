import type pg from 'pg';

const PERMISSION_WAIT_MS = 10_000;
const PERMISSION_POLL_MS = 200;

type WhitelabelNode = { modId: string; enabled: boolean };

/**
 * Turns one of the demo merchant's whitelabel switches (spec §3, e.g. MANPLAYREB3) on or off in
 * its settings, then waits until /wps/system/permission answers with it: the server keeps a
 * merchant for up to 2 s. Answers whether the switch was on before, for the journey to put back.
 * A switch changes what every page of the merchant sees: only a MERCHANT_WIDE journey sets one.
 */
export async function setWhitelabelSwitch(
  db: pg.Client,
  baseURL: string,
  modId: string,
  enabled: boolean,
): Promise<boolean> {
  const before = await db.query<{ enabled: boolean | null }>(
    `select (node ->> 'enabled')::boolean as enabled
       from merchants, jsonb_array_elements(settings -> 'whitelabel') as node
      where is_default and node ->> 'modId' = $1`,
    [modId],
  );
  const wasEnabled = before.rows[0]?.enabled ?? false;
  const updated = await db.query(
    `update merchants
        set settings = jsonb_set(settings, '{whitelabel}', (
              select jsonb_agg(case when node ->> 'modId' = $1
                                    then jsonb_set(node, '{enabled}', to_jsonb($2::boolean))
                                    else node end order by position)
                from jsonb_array_elements(settings -> 'whitelabel') with ordinality as t(node, position))),
            updated_at = now()
      where is_default and settings -> 'whitelabel' @> jsonb_build_array(jsonb_build_object('modId', $1::text))`,
    [modId, enabled],
  );
  if (updated.rowCount !== 1) throw new Error(`the demo merchant has no whitelabel switch ${modId}`);
  await waitForSwitch(`${baseURL}/wps/system/permission`, modId, enabled);
  return wasEnabled;
}

async function waitForSwitch(permissionUrl: string, modId: string, enabled: boolean): Promise<void> {
  const deadline = Date.now() + PERMISSION_WAIT_MS;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(permissionUrl);
      const body = (await response.json()) as { value?: { info?: { whitelabel?: WhitelabelNode[] } } };
      const node = body.value?.info?.whitelabel?.find((each) => each.modId === modId);
      if (node?.enabled === enabled) return;
      last = JSON.stringify(node ?? null);
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, PERMISSION_POLL_MS));
  }
  throw new Error(
    `/wps/system/permission did not report ${modId} ${enabled ? 'on' : 'off'} within ${PERMISSION_WAIT_MS} ms (last: ${last})`,
  );
}
