// A stand-in server process for the jobs test: it runs only the job runner with the heartbeat
// schedule against DATABASE_URL, says "ready" once started, and stops gracefully on SIGTERM.
// Usage: node heartbeat-node.ts <node id>
import pino from 'pino';
import { openDatabase } from '../../src/platform/db/database.ts';
import { createHeartbeatJob } from '../../src/platform/jobs/heartbeat.job.ts';
import { createJobRunner } from '../../src/platform/jobs/job-runner.ts';

const connectionString = process.env.DATABASE_URL;
const nodeId = process.argv[2];
if (!connectionString || !nodeId) throw new Error('usage: DATABASE_URL=… node heartbeat-node.ts <node id>');

const database = await openDatabase({ kind: 'postgres', connectionString, poolSize: 2 });
const runner = createJobRunner({
  database,
  definitions: [createHeartbeatJob({ db: database.db, nodeId })],
  logger: pino({ level: 'warn' }),
  tuning: { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1, stopTimeoutMs: 5_000 },
});
await runner.start({ workers: true });
process.stdout.write('ready\n');

process.once('SIGTERM', () => {
  void runner
    .stop()
    .then(() => database.close())
    .then(() => process.exit(0));
});
