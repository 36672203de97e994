import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { installMerchantContext, readMerchantLanguage } from './http/merchant-context.ts';
import { registerMetricsRoutes } from './http/ops/metrics.routes.ts';
import { registerOpsRoutes } from './http/ops/ops.routes.ts';
import { registerCountryFlagRoutes } from './http/static/country-flag.routes.ts';
import { registerMediaRoutes } from './http/static/media.routes.ts';
import { registerSpaRoutes } from './http/static/spa.routes.ts';
import { registerMemberRoutes } from './http/wps/member/member.routes.ts';
import { registerRecoveryRoutes } from './http/wps/member/recovery.routes.ts';
import { registerSecurityRoutes } from './http/wps/member/security.routes.ts';
import { registerSessionRoutes } from './http/wps/session/session.routes.ts';
import { registerContentRoutes } from './http/wps/system/content.routes.ts';
import { registerPublicKeyRoutes } from './http/wps/system/public-key.routes.ts';
import { registerReferenceRoutes } from './http/wps/system/reference.routes.ts';
import { registerSystemRoutes } from './http/wps/system/system.routes.ts';
import { registerVerificationRoutes } from './http/wps/verification/verification.routes.ts';
import { createCaptchaService } from './modules/captcha/captcha.service.ts';
import { createContentService } from './modules/content/content.service.ts';
import { createMemberService, type MemberService } from './modules/member/member.service.ts';
import { createMerchantService } from './modules/merchant/merchant.service.ts';
import { createVerificationService } from './modules/verification/verification.service.ts';
import { createEncryptionKeyStore } from './platform/crypto/encryption-keys.ts';
import { createKeyRotationJob } from './platform/crypto/key-rotation.job.ts';
import { installSealedBodies } from './platform/crypto/sealed-body.ts';
import { createSecretBox } from './platform/crypto/secret-box.ts';
import type { DatabaseHandle } from './platform/db/database.ts';
import { handleClientError, handleFrameworkError, installEnvelope } from './platform/http/envelope.ts';
import { installGracefulClose } from './platform/http/graceful-close.ts';
import { installOpenApi } from './platform/http/openapi.ts';
import { installRequestContext } from './platform/http/request-context.ts';
import { validatorCompiler } from './platform/http/validation.ts';
import { createHeartbeatJob } from './platform/jobs/heartbeat.job.ts';
import { createJobRunner, type JobRunner, type JobRunnerTuning } from './platform/jobs/job-runner.ts';
import { createMessenger } from './platform/messaging/messenger.ts';
import { installMetrics } from './platform/metrics/metrics.ts';
import { createRateLimiter, type RateLimiter } from './platform/rate-limit/rate-limiter.ts';
import { installRealtime, type Realtime, type SocketTokenResolver } from './platform/realtime/realtime.ts';

export type AppOptions = {
  config: Config;
  database: DatabaseHandle;
  /** Resolves a socket handshake token to its user; by default, the member sessions. */
  resolveSocketToken?: SocketTokenResolver;
  /** The clock of the account rules (session expiry, code expiry); tests move it. */
  now?: () => Date;
  /** Job runner tuning; tests make schedules fire within seconds. */
  jobTuning?: Partial<JobRunnerTuning>;
  /** Where log lines go instead of stdout; tests read them to check that no secret is written. */
  logStream?: { write(line: string): void };
  /** Registers routes that exist only in a test (a sealed route, a route with a body schema). */
  registerTestRoutes?: (app: FastifyInstance) => void;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends jobs; runs workers and schedules when config.runJobs. */
    jobs: JobRunner;
    /** Emits socket events to users and merchants on every node. */
    realtime: Realtime;
    /** Members and their sessions (the back office locks accounts through it). */
    members: MemberService;
    rateLimiter: RateLimiter;
  }
}

/** Largest JSON body any route accepts; uploads have their own, per-route limits. */
export const BODY_LIMIT_BYTES = 256 * 1024;

// Secrets never reach the log: credentials travel in these headers, and bodies are not logged.
// Paths cover both the request serializer's shape and a careless `log.info({ headers, body })`.
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-signature"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["x-signature"]',
  'body',
  'req.body',
  '*.password',
  '*.paymentPassword',
  '*.newPassword',
  '*.oldPassword',
  '*.token',
  '*.smsCode',
  '*.verificationCode',
];

/**
 * Wires platform, modules, workflows and the wire into one Fastify instance. Never listens:
 * main.ts does that, and tests call app.inject().
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: REDACTED_PATHS,
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    bodyLimit: BODY_LIMIT_BYTES,
    // Trust X-Forwarded-For from exactly as many proxy hops as configured.
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true },
    // Failures before routing, and bytes that are not HTTP at all, answer in the envelope too.
    frameworkErrors: handleFrameworkError,
    clientErrorHandler: handleClientError,
  });

  app.setValidatorCompiler(validatorCompiler);
  await app.register(fastifyCookie);
  // The merchant comes first: the request's language falls back to the merchant's default.
  const merchantService = createMerchantService(database.db);
  const contentService = createContentService(database.db);
  installMerchantContext(app, merchantService);
  installRequestContext(app, readMerchantLanguage);
  installEnvelope(app);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  installGracefulClose(app);
  const metrics = installMetrics(app);

  const encryptionKeys = createEncryptionKeyStore({ db: database.db });
  installSealedBodies(app, { keys: encryptionKeys });

  const now = options.now ?? (() => new Date());
  const members = createMemberService({ db: database.db, now });
  const rateLimiter = createRateLimiter({ redisUrl: config.redisUrl, now: () => now().getTime() });
  const messenger = createMessenger({
    db: database.db,
    config: { sms: config.sms, email: config.email },
  });
  const captcha = createCaptchaService({ db: database.db, appSecret: config.appSecret, now });
  const verification = createVerificationService({
    db: database.db,
    messenger,
    rateLimiter,
    appSecret: config.appSecret,
    now,
  });
  const totpBox = createSecretBox(config.appSecret, 'totp');
  const loginDeps = { members, captcha, verification, rateLimiter, totpBox, now };

  const resolveMemberSocket: SocketTokenResolver = async (token) => {
    const found = await members.resolveSession(token);
    return found ? { userId: found.member.id, merchantId: found.member.merchant_id } : null;
  };
  const realtime = installRealtime(app, {
    resolveToken: options.resolveSocketToken ?? resolveMemberSocket,
    redisUrl: config.redisUrl,
    allowLocalOrigins: config.nodeEnv !== 'production',
    registry: metrics.registry,
    logger: app.log,
  });
  const jobs = createJobRunner({
    database,
    logger: app.log,
    ...(options.jobTuning ? { tuning: options.jobTuning } : {}),
    definitions: [
      createHeartbeatJob({ db: database.db, nodeId: config.nodeId }),
      createKeyRotationJob({ keys: encryptionKeys }),
    ],
  });
  app.decorate('jobs', jobs);
  app.decorate('realtime', realtime);
  app.decorate('members', members);
  app.decorate('rateLimiter', rateLimiter);
  // Runs after the HTTP server has closed and in-flight requests have finished; in-flight jobs
  // finish too (bounded by the runner's stop timeout).
  app.addHook('onClose', async () => {
    await jobs.stop();
    await rateLimiter.close();
  });

  await installOpenApi(app);

  // Routes, grouped by caller (http/wps, http/lgw, http/bo, http/ops …).
  registerOpsRoutes(app, { database });
  registerMetricsRoutes(app, { metrics });
  registerPublicKeyRoutes(app, { keys: encryptionKeys });
  registerSystemRoutes(app, {
    merchantService,
    contentService,
    countryHeader: config.countryHeader,
    members,
    rateLimiter,
  });
  registerSessionRoutes(app, { ...loginDeps, countryHeader: config.countryHeader });
  registerMemberRoutes(app, { ...loginDeps, countryHeader: config.countryHeader });
  registerRecoveryRoutes(app, { ...loginDeps, messenger, countryHeader: config.countryHeader });
  registerSecurityRoutes(app, { members, totpBox, now });
  registerVerificationRoutes(app, {
    members,
    verification,
    captcha,
    rateLimiter,
    countryHeader: config.countryHeader,
  });
  registerContentRoutes(app, { contentService });
  registerReferenceRoutes(app);
  registerCountryFlagRoutes(app);
  registerMediaRoutes(app);
  await registerSpaRoutes(app, { webDistDir: config.webDistDir, adminDistDir: config.adminDistDir });

  options.registerTestRoutes?.(app);

  await app.ready();
  if (config.runJobs) await jobs.start({ workers: true });
  return app;
}
