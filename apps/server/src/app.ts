import fastifyMultipart from '@fastify/multipart';
import { formatAmount, formatMoney } from '@panalo/money/amount.ts';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { registerAffiliateApplicationsRoutes } from './http/bo/affiliate-applications.routes.ts';
import { registerAgentReportsRoutes } from './http/bo/agent-reports.routes.ts';
import { registerAgentsRoutes } from './http/bo/agents.routes.ts';
import { registerArticlesRoutes } from './http/bo/articles.routes.ts';
import { registerAuditRoutes } from './http/bo/audit.routes.ts';
import { registerBackOfficeAuthRoutes } from './http/bo/auth.routes.ts';
import { registerBonusesRoutes } from './http/bo/bonuses.routes.ts';
import { registerChatImagesBackOfficeRoutes } from './http/bo/chat-images.routes.ts';
import { registerChatReportRoutes } from './http/bo/chat-report.routes.ts';
import { registerContentRoutes as registerBackOfficeContentRoutes } from './http/bo/content.routes.ts';
import { registerContractSettlementRoutes } from './http/bo/contract-settlements.routes.ts';
import { registerContractsRoutes } from './http/bo/contracts.routes.ts';
import { registerDashboardRoutes } from './http/bo/dashboard.routes.ts';
import { registerDepositReviewRoutes } from './http/bo/deposits.routes.ts';
import { registerFeedbackInboxRoutes } from './http/bo/feedback.routes.ts';
import { registerFinanceRoutes } from './http/bo/finance.routes.ts';
import { registerGamesRoutes } from './http/bo/games.routes.ts';
import { registerMailAdminRoutes } from './http/bo/mail.routes.ts';
import { registerMerchantConfigRoutes } from './http/bo/merchant-config.routes.ts';
import { registerMissionsRoutes } from './http/bo/missions.routes.ts';
import { installBackOfficeGuard } from './http/bo/operator-session.ts';
import { registerPlayerProfileRoutes } from './http/bo/player-profile.routes.ts';
import { registerPlayersRoutes } from './http/bo/players.routes.ts';
import { registerPointsBackOfficeRoutes } from './http/bo/points.routes.ts';
import { registerPromotionReportsRoutes } from './http/bo/promotion-reports.routes.ts';
import { registerPromotionsRoutes } from './http/bo/promotions.routes.ts';
import { registerRebatesRoutes } from './http/bo/rebates.routes.ts';
import { registerRedEnvelopeAdminRoutes } from './http/bo/red-envelopes.routes.ts';
import { registerReferralsBackOfficeRoutes } from './http/bo/referrals.routes.ts';
import { registerReportsRoutes } from './http/bo/reports.routes.ts';
import { registerRewardsBackOfficeRoutes } from './http/bo/rewards.routes.ts';
import { registerRolesRoutes } from './http/bo/roles.routes.ts';
import { registerRollupRebuildsRoutes } from './http/bo/rollup-rebuilds.routes.ts';
import { registerStaffRoutes } from './http/bo/staff.routes.ts';
import { registerVipAdminRoutes } from './http/bo/vip.routes.ts';
import { installChatSockets } from './http/chat/chat-sockets.ts';
import { registerGameMenuRoutes } from './http/lgw/games.routes.ts';
import { registerLotteryRoutes } from './http/lgw/lottery.routes.ts';
import { installMerchantContext, readMerchantLanguage } from './http/merchant-context.ts';
import { registerMetricsRoutes } from './http/ops/metrics.routes.ts';
import { registerOpsRoutes } from './http/ops/ops.routes.ts';
import { registerPayRoutes } from './http/pay/pay.routes.ts';
import { registerAppManifestRoutes } from './http/static/app-manifest.routes.ts';
import { createArticlePageDescriber } from './http/static/article-page-meta.ts';
import { registerCountryFlagRoutes } from './http/static/country-flag.routes.ts';
import { registerMediaRoutes } from './http/static/media.routes.ts';
import { registerSpaRoutes } from './http/static/spa.routes.ts';
import { registerUploadedMediaRoutes } from './http/static/uploaded-media.routes.ts';
import { registerDrawReportRoutes } from './http/wallet-v1/draws.routes.ts';
import { registerVendorWalletRoutes } from './http/wallet-v1/wallet-v1.routes.ts';
import { registerAffiliateRoutes } from './http/wps/agent/affiliate.routes.ts';
import { registerAgentContractSettlementRoutes } from './http/wps/agent/contract-settlements.routes.ts';
import { registerAgentContractRoutes } from './http/wps/agent/contracts.routes.ts';
import { registerAgentOverviewRoutes } from './http/wps/agent/overview.routes.ts';
import { registerAgentRecordRoutes } from './http/wps/agent/records.routes.ts';
import { registerRegisterCenterRoutes } from './http/wps/agent/register-center.routes.ts';
import { maskAccount, registerAgentTeamRoutes } from './http/wps/agent/team.routes.ts';
import { registerChatRoutes } from './http/wps/chat/chat.routes.ts';
import { registerChatImageRoutes } from './http/wps/chat/chat-images.routes.ts';
import { registerHouseGameRoutes } from './http/wps/game/house.routes.ts';
import { registerHouseRealityCheckRoutes } from './http/wps/game/house-reality-check.routes.ts';
import { registerLaunchRoutes } from './http/wps/game/launch.routes.ts';
import { registerBadgeRoutes } from './http/wps/member/badges.routes.ts';
import { registerBetRoutes } from './http/wps/member/bets.routes.ts';
import { registerMemberBonusRoutes } from './http/wps/member/bonuses.routes.ts';
import { registerFeedbackRoutes } from './http/wps/member/feedback.routes.ts';
import { registerMemberRoutes } from './http/wps/member/member.routes.ts';
import { registerMessageRoutes } from './http/wps/member/messages.routes.ts';
import { registerProfileRoutes } from './http/wps/member/profile.routes.ts';
import { registerRecoveryRoutes } from './http/wps/member/recovery.routes.ts';
import { registerResponsibleGamingRoutes } from './http/wps/member/responsible-gaming.routes.ts';
import { registerSecurityRoutes } from './http/wps/member/security.routes.ts';
import { registerTransferRoutes } from './http/wps/member/transfer.routes.ts';
import { registerMissionRoutes } from './http/wps/mission/mission.routes.ts';
import { registerBankDepositRoutes } from './http/wps/payment/bank-deposit.routes.ts';
import { registerPaymentRoutes } from './http/wps/payment/payment.routes.ts';
import { registerWithdrawalRoutes } from './http/wps/payment/withdrawal.routes.ts';
import { registerPointsRoutes } from './http/wps/points/points.routes.ts';
import { registerAppInstallRoutes } from './http/wps/promotion/app-install.routes.ts';
import { registerPromotionRoutes } from './http/wps/promotion/promotion.routes.ts';
import { registerRebateRoutes } from './http/wps/rebate/rebate.routes.ts';
import { registerReferralRoutes } from './http/wps/referral/referral.routes.ts';
import { registerRelayRoutes } from './http/wps/relay/relay.routes.ts';
import { registerRedEnvelopeRoutes } from './http/wps/reward/red-envelope.routes.ts';
import { registerRewardRoutes } from './http/wps/reward/reward.routes.ts';
import { registerSessionRoutes } from './http/wps/session/session.routes.ts';
import { registerSocialLoginRoutes } from './http/wps/session/social-login.routes.ts';
import { registerArticleRoutes } from './http/wps/system/articles.routes.ts';
import { registerContentRoutes } from './http/wps/system/content.routes.ts';
import { registerPublicKeyRoutes } from './http/wps/system/public-key.routes.ts';
import { registerReferenceRoutes } from './http/wps/system/reference.routes.ts';
import { registerSystemRoutes } from './http/wps/system/system.routes.ts';
import { registerVerificationRoutes } from './http/wps/verification/verification.routes.ts';
import { registerVipRoutes } from './http/wps/vip/vip.routes.ts';
import { registerBonusRoutes } from './http/wps/wallet/bonus.routes.ts';
import { registerStatementRoutes } from './http/wps/wallet/statement.routes.ts';
import { registerTransferWalletRoutes } from './http/wps/wallet/transfer-wallet.routes.ts';
import { registerWalletRoutes } from './http/wps/wallet/wallet.routes.ts';
import { createAffiliateApplicationService } from './modules/affiliate/affiliate-application.service.ts';
import { createAgentService } from './modules/agent/agent.service.ts';
import { createAgentExportService } from './modules/agent/agent-export.service.ts';
import { createTeamRollupService } from './modules/agent/team-rollup.service.ts';
import { createAuditService } from './modules/audit/audit.service.ts';
import { type BonusService, createBonusService } from './modules/bonus/bonus.service.ts';
import { createCaptchaService } from './modules/captcha/captcha.service.ts';
import { createCatalogueService } from './modules/catalogue/catalogue.service.ts';
import { createCatalogueAdminService } from './modules/catalogue/catalogue-admin.service.ts';
import { CHAT_IDENTITY_FAILURES, type ChatCustomer, createChatService } from './modules/chat/chat.service.ts';
import { createArticleAdminService, createArticleReader } from './modules/content/article.service.ts';
import { createContentService } from './modules/content/content.service.ts';
import { createContentAdminService } from './modules/content/content-admin.service.ts';
import { createCustomerServiceLinks } from './modules/content/customer-service-links.ts';
import { createNoticeScheduleJob } from './modules/content/notice.job.ts';
import { sanitizeOperatorHtml } from './modules/content/operator-html.ts';
import { createContractService } from './modules/contract/contract.service.ts';
import {
  type ContractSettlementService,
  createContractSettlementService,
} from './modules/contract/contract-settlement.service.ts';
import { createFeedbackService } from './modules/feedback/feedback.service.ts';
import { createGameService, type GameService } from './modules/game/game.service.ts';
import { createTransferVendorClient } from './modules/game/transfer-vendor-client.ts';
import { createHouseRoundsService } from './modules/house-rounds/house-rounds.service.ts';
import { createInboxService, type InboxService } from './modules/inbox/inbox.service.ts';
import { createMailDeliveryJob } from './modules/inbox/mail.job.ts';
import { createMailService } from './modules/inbox/mail.service.ts';
import { createMessageTemplateService } from './modules/inbox/message-templates.service.ts';
import { createLotteryService } from './modules/lottery/lottery.service.ts';
import { createMemberService, isAgentType, type MemberService } from './modules/member/member.service.ts';
import { createMemberAdminService } from './modules/member/member-admin.service.ts';
import { insertProfileChanges } from './modules/member/member-profile.repository.ts';
import { createMemberProfileService } from './modules/member/member-profile.service.ts';
import { createTrialExpiryService } from './modules/member/trial-expiry.service.ts';
import { createMerchantService } from './modules/merchant/merchant.service.ts';
import { createMerchantAdminService } from './modules/merchant/merchant-admin.service.ts';
import { createLeaderboardCloseJob } from './modules/mission/leaderboard.job.ts';
import { createMissionService } from './modules/mission/mission.service.ts';
import {
  createMissionNotices,
  type MissionNotices,
  NOTICE_PASS_MS,
} from './modules/mission/mission-notices.ts';
import { createOperatorService } from './modules/operator/operator.service.ts';
import { permissionsOfRole } from './modules/operator/operator-accounts.ts';
import { createPaymentService, type PaymentService } from './modules/payment/payment.service.ts';
import { createWithdrawalService } from './modules/payment/withdrawal.service.ts';
import { createPointsEarnJob } from './modules/points/points.job.ts';
import { createPointsService } from './modules/points/points.service.ts';
import { createPointsEarning } from './modules/points/points-earning.service.ts';
import { createAppInstallService } from './modules/promotion/app-install.service.ts';
import { createCashbackJob } from './modules/promotion/cashback.job.ts';
import { createCashbackService } from './modules/promotion/cashback.service.ts';
import { createPromotionService } from './modules/promotion/promotion.service.ts';
import { createPromotionAdminService } from './modules/promotion/promotion-admin.service.ts';
import { raffleRulesOf, rulesOf } from './modules/promotion/promotion-rules.ts';
import { createRaffleJob } from './modules/promotion/raffle.job.ts';
import { createRaffleService } from './modules/promotion/raffle.service.ts';
import { createRebateJob } from './modules/rebate/rebate.job.ts';
import { createRebateService } from './modules/rebate/rebate.service.ts';
import { createRedEnvelopeJob } from './modules/red-envelope/red-envelope.job.ts';
import {
  createRedEnvelopeService,
  type RedEnvelopeService,
} from './modules/red-envelope/red-envelope.service.ts';
import { createReferralRewardsJob } from './modules/referral/referral.job.ts';
import { createReferralService } from './modules/referral/referral.service.ts';
import { createBetRecordService } from './modules/report/bet-records.service.ts';
import { createChatReportService } from './modules/report/chat-report.service.ts';
import { createDashboardService } from './modules/report/dashboard.service.ts';
import { createImportStatusService } from './modules/report/import-status.service.ts';
import { createPersonalProfitService } from './modules/report/personal-profit.service.ts';
import { createPromotionReportService } from './modules/report/promotion-report.service.ts';
import { createReferralReportService } from './modules/report/referral-report.service.ts';
import { createReportService } from './modules/report/report.service.ts';
import { createRewardReportService } from './modules/report/reward-report.service.ts';
import { createRollupRebuildService } from './modules/report/rollup-rebuild.service.ts';
import { createTeamRecordService } from './modules/report/team-records.service.ts';
import { createTeamReportService } from './modules/report/team-report.service.ts';
import {
  createResponsibleGamingService,
  type ResponsibleGamingService,
} from './modules/responsible-gaming/responsible-gaming.service.ts';
import { createRewardTicketsJob } from './modules/reward/reward.job.ts';
import { createRewardService, type RewardService } from './modules/reward/reward.service.ts';
import { createSocialLoginService } from './modules/social-login/social-login.service.ts';
import { createVerificationService } from './modules/verification/verification.service.ts';
import { createVipReviewJob, createVipUpgradesJob } from './modules/vip/vip.job.ts';
import { createVipService } from './modules/vip/vip.service.ts';
import { createVipLevelsService } from './modules/vip/vip-levels.service.ts';
import {
  createWalletService,
  currencySymbolOf,
  type WalletService,
} from './modules/wallet/wallet.service.ts';
import { createEncryptionKeyStore } from './platform/crypto/encryption-keys.ts';
import { createKeyRotationJob } from './platform/crypto/key-rotation.job.ts';
import { installSealedBodies } from './platform/crypto/sealed-body.ts';
import { createSecretBox } from './platform/crypto/secret-box.ts';
import { type DatabaseHandle, databaseNameOf } from './platform/db/database.ts';
import { createDatabaseListener } from './platform/db/listener.ts';
import { AppError } from './platform/errors/errors.ts';
import { present } from './platform/errors/invariant.ts';
import { handleClientError, handleFrameworkError, installEnvelope } from './platform/http/envelope.ts';
import { installGracefulClose } from './platform/http/graceful-close.ts';
import { lazySerializerFactory } from './platform/http/lazy-serializer.ts';
import { installOpenApi } from './platform/http/openapi.ts';
import { createRequestIdGenerator, installRequestContext } from './platform/http/request-context.ts';
import { createRequestLogger, serializeRequest } from './platform/http/request-logger.ts';
import { installUploadGuard, MULTIPART_LIMITS } from './platform/http/upload.ts';
import { validatorCompiler } from './platform/http/validation.ts';
import { DEFAULT_LANGUAGE } from './platform/i18n/language.ts';
import { textIn } from './platform/i18n/localized-text.ts';
import { createHeartbeatJob } from './platform/jobs/heartbeat.job.ts';
import { createJobRunner, type JobRunner, type JobRunnerTuning } from './platform/jobs/job-runner.ts';
import { createMessenger } from './platform/messaging/messenger.ts';
import { installMetrics } from './platform/metrics/metrics.ts';
import { createRateLimiter, type RateLimiter } from './platform/rate-limit/rate-limiter.ts';
import { reserveSecretAttempt } from './platform/rate-limit/secret-attempts.ts';
import { installRealtime, type Realtime, type SocketTokenResolver } from './platform/realtime/realtime.ts';
import { createImageStore, type ImageStore } from './platform/storage/image-store.ts';
import {
  createContractPolicyReader,
  createContractTeller,
  createOffersExpireJob,
} from './workflows/agent-contracts.ts';
import { createAgentRegistration } from './workflows/agent-registration.ts';
import { createAgentReportExports } from './workflows/agent-report-export.ts';
import { createTeamRollupJob } from './workflows/agent-team.ts';
import { BONUS_WAGERING_MET_CHANNEL, createWageringMetConversion } from './workflows/bonus-wagering-met.ts';
import { createSettleBonusesJobs, promotionPolicyOf } from './workflows/bonuses.ts';
import { createSettleContractsJob, createSettlementPolicyReader } from './workflows/contract-settlement.ts';
import { createExpireTrialsJob } from './workflows/expire-trials.ts';
import { createHouseGames, createSettleHouseRoundsJob } from './workflows/house-games/house-games.ts';
import { createMemberBadges } from './workflows/member-badges.ts';
import { createMissionMerchantReader } from './workflows/missions.ts';
import { createPointsMerchantReader } from './workflows/points.ts';
import { createRebatePolicyReader } from './workflows/rebates.ts';
import { referralMerchantOf } from './workflows/referral.ts';
import { createLiftExclusionsJob } from './workflows/responsible-gaming.ts';
import { createRewardMerchantReader, createRewardSeeds, rewardPoints } from './workflows/rewards.ts';
import { createRollupRebuilds } from './workflows/rollup-rebuild.ts';
import {
  createTransferBetImport,
  createTransferBetImportJob,
  type TransferBetImport,
} from './workflows/transfer-bet-import.ts';
import {
  createSettleVendorTransfersJob,
  createVendorTransfers,
  type VendorTransfers,
} from './workflows/vendor-transfer.ts';
import { createVendorWallet } from './workflows/vendor-wallet.ts';
import { createVipChangeTeller, vipMerchantOf } from './workflows/vip.ts';
import { createWithdrawalAutoReceiptJob } from './workflows/withdrawal-confirmation.ts';

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
    /** The ledger: every movement of money (workflows and tests reach it here). */
    wallet: WalletService;
    /** The game registry, launch tokens and rounds (the demo seed and tests register vendors here). */
    games: GameService;
    /** Money between members' main wallets and transfer-wallet vendors (tests settle through it). */
    vendorTransfers: VendorTransfers;
    /** The transfer vendors' bet feeds, imported into the bet record (tests import through it). */
    transferBetImport: TransferBetImport;
    /** Agent contracts' settlement by cycle (tests settle through it). */
    contractSettlements: ContractSettlementService;
    /** Uploaded images under DATA_DIR/uploads, checked and re-encoded (platform/storage). */
    images: ImageStore;
    /** Deposit methods and deposits (the back office reviews them through it). */
    payments: PaymentService;
    /** Responsible gaming: limits, breaks, and the bet-time check our games call (checkBetAllowed). */
    responsibleGaming: ResponsibleGamingService;
    /** The members' inboxes (messages about their money). */
    inbox: InboxService;
    /** The bonus engine: grants, cash rewards, conversion and forfeits (promotions grant through it). */
    bonuses: BonusService;
    /** Red-envelope drops and their claims (the demo seed schedules one through it). */
    redEnvelopes: RedEnvelopeService;
    /** Reward tickets, prize tables and draws (the demo seed issues tickets through it). */
    rewards: RewardService;
    /** The missions' claimable news: members noted by balance changes, told in passes (tests run one). */
    missionNotices: MissionNotices;
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
  'req.headers["x-game-token"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["x-signature"]',
  'headers["x-game-token"]',
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
      // A URL's tokens and codes (SENSITIVE_QUERY_PARAMETERS) are written as [Redacted].
      serializers: { req: serializeRequest },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    bodyLimit: BODY_LIMIT_BYTES,
    // Trust X-Forwarded-For from exactly as many proxy hops as configured.
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
    genReqId: createRequestIdGenerator(),
    childLoggerFactory: createRequestLogger,
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true },
    // Failures before routing, and bytes that are not HTTP at all, answer in the envelope too.
    frameworkErrors: handleFrameworkError,
    clientErrorHandler: handleClientError,
    // Response serializers compile on a route's first answer, not at start (lazy-serializer.ts).
    schemaController: { compilersFactory: { buildSerializer: lazySerializerFactory } },
  });

  app.setValidatorCompiler(validatorCompiler);
  // A multipart body reaches only the routes that take a file (the uploads' context, below).
  installUploadGuard(app);
  // The merchant comes first: the request's language falls back to the merchant's default.
  const merchantService = createMerchantService(database.db);
  const contentService = createContentService(database.db);
  installMerchantContext(app, merchantService, { platformHost: new URL(config.publicOrigin).hostname });
  installRequestContext(app, readMerchantLanguage);
  installEnvelope(app);
  installGracefulClose(app);
  const metrics = installMetrics(app);

  const encryptionKeys = createEncryptionKeyStore({ db: database.db });
  installSealedBodies(app, { keys: encryptionKeys });

  const now = options.now ?? (() => new Date());
  const members = createMemberService({ db: database.db, now });
  const rateLimiter = createRateLimiter({
    redisUrl: config.redisUrl,
    db: database.db,
    now: () => now().getTime(),
    namespace: databaseNameOf(database),
  });
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

  const resolveMemberSocket: SocketTokenResolver = async (token) => {
    const found = await members.resolveSession(token);
    return found ? { userId: found.member.id, merchantId: found.member.merchant_id } : null;
  };
  const realtime = installRealtime(app, {
    resolveToken: options.resolveSocketToken ?? resolveMemberSocket,
    resolveOriginMerchant: async (hostname) => (await merchantService.resolveByHost(hostname))?.id ?? null,
    redisUrl: config.redisUrl,
    allowLocalOrigins: config.nodeEnv !== 'production',
    registry: metrics.registry,
    logger: app.log,
  });
  app.decorate('realtime', realtime);
  app.decorate('members', members);
  app.decorate('rateLimiter', rateLimiter);
  // Every committed change of a member's cash reaches their open pages (API.md "Socket events").
  // Any change of cash or bonus also notes the member for the missions' claimable news (set below,
  // once missions exist): a note in memory, no query on the settling path.
  let missionNotices: MissionNotices | null = null;
  const wallet = createWalletService({
    db: database.db,
    onBalanceChanged: (change) => {
      missionNotices?.note(change);
      if (change.wallet !== 'cash') return;
      realtime.emitToUser(change.memberId, 'balance', {
        balance: formatAmount(change.balanceMinor),
        currencySymbol: currencySymbolOf(change.currency),
      });
    },
  });
  app.decorate('wallet', wallet);
  app.decorate('images', createImageStore({ dataDir: config.dataDir }));
  // Every change an operator makes is recorded by the service that makes it (platform/audit).
  const audit = createAuditService({ db: database.db, now });
  const payments = createPaymentService({
    db: database.db,
    secretBox: createSecretBox(config.appSecret, 'payment-gateway'),
    recordChange: audit.record,
    now,
  });
  app.decorate('payments', payments);
  // The member's inbox; a new message reaches their open pages at once (API.md "Socket events").
  const inbox = createInboxService({
    db: database.db,
    now,
    onSent: (message) =>
      realtime.emitToUser(message.memberId, 'message', { id: message.id, title: message.title }),
  });
  app.decorate('inbox', inbox);
  // Responsible gaming: the member's own limits, measured against payments, the ledger and sessions.
  const responsibleGaming = createResponsibleGamingService({
    db: database.db,
    now,
    measures: {
      depositedSince: payments.sumDepositsSince,
      lostSince: (input, executor) =>
        wallet.sumGameLossSince({ ...input, withTransferVendors: true }, executor),
      loggedInMsSince: members.sumSessionTimeSince,
    },
  });
  app.decorate('responsibleGaming', responsibleGaming);
  // Games: the registry and launch tokens, and the rounds of our own games (their job settles
  // rounds left open), created before the job runner that runs that job.
  const games = createGameService({
    db: database.db,
    secretBox: createSecretBox(config.appSecret, 'vendor-secret'),
    now,
  });
  app.decorate('games', games);
  const houseRounds = createHouseRoundsService({
    db: database.db,
    secretBox: createSecretBox(config.appSecret, 'game-seed'),
    now,
  });
  const houseGames = createHouseGames({ games, houseRounds, members, wallet, responsibleGaming });
  // Transfer-wallet vendors: our signed calls to them, the moves, and the job that settles them;
  // their bet feeds, imported into the bet record by a job of their own.
  const transferVendorClient = createTransferVendorClient({ readSecret: games.readVendorSecret, now });
  const vendorTransfers = createVendorTransfers({
    db: database.db,
    games,
    wallet,
    responsibleGaming,
    client: transferVendorClient,
    now,
  });
  const transferBetImport = createTransferBetImport({ db: database.db, client: transferVendorClient, now });
  // Whether reports may still be missing bets of those vendors.
  const importStatus = createImportStatusService({ db: database.db, now });
  app.decorate('vendorTransfers', vendorTransfers);
  app.decorate('transferBetImport', transferBetImport);
  const withdrawals = createWithdrawalService({ db: database.db, recordChange: audit.record, now });
  // The bonus engine: every reward that pays bonus money, and cash rewards, go through it.
  const bonuses = createBonusService({
    db: database.db,
    wallet,
    recordChange: audit.record,
    promotionPolicyOf,
    now,
  });
  app.decorate('bonuses', bonuses);
  // Operator mail (docs/back-office.md "Mail and message templates"): promotional mail reaches only
  // members the promotions may market to, and each new message reaches the member's open pages.
  const mail = createMailService({
    db: database.db,
    recordChange: audit.record,
    sanitizeHtml: sanitizeOperatorHtml,
    marketableAmong: (memberIds) => bonuses.marketableAmong(memberIds),
    isAgentType,
    onDelivered: (message) =>
      realtime.emitToUser(message.memberId, 'message', { id: message.id, title: message.title }),
    now,
  });
  // A bonus converts right after the bet that met its wagering: the bet record's trigger notifies
  // the crossing at commit, and this process settles the member (the settle pass stays the safety net).
  const listener = createDatabaseListener(database, {
    onError: (error) => app.log.warn({ err: error }, 'database listener'),
  });
  const wageringMet = createWageringMetConversion({ bonuses, log: app.log });
  await listener.listen(BONUS_WAGERING_MET_CHANNEL, wageringMet.onWageringMet);
  app.addHook('onClose', async () => {
    await listener.close();
    await wageringMet.stop();
  });
  // Promotions as players take part in them; their grants go through the bonus engine, and a
  // joined deposit bonus is granted in the transaction that credits the qualifying deposit.
  // Raffles: tickets, the draw and prizes paid through the bonus engine; winners hear of it in
  // their inbox.
  const raffles = createRaffleService({
    db: database.db,
    grants: bonuses,
    recordChange: audit.record,
    now,
    tellWinners: async (promotion, winners) => {
      const merchant = present(
        await merchantService.findById(promotion.merchant_id),
        `merchant ${promotion.merchant_id} exists`,
      );
      const days = String(raffleRulesOf(rulesOf(promotion.rules)).claimDays);
      for (const winner of winners) {
        await inbox.send({
          merchantId: winner.merchant_id,
          memberId: winner.member_id,
          kind: 'raffle_won',
          params: {
            amount: formatMoney(winner.amount_minor, { symbol: currencySymbolOf(merchant.currency) }),
            ticket: winner.ticket_id,
            days,
          },
          dedupeKey: `raffle:${winner.id}:won`,
        });
      }
    },
  });
  const promotions = createPromotionService({
    db: database.db,
    grants: bonuses,
    images: app.images,
    raffles,
    now,
  });
  // The team: the agent tree, agent types and the team rollups its minute job rebuilds.
  // Agent contracts: offers and signed contracts. An agent moved to another upline loses its
  // contracts from the old one in the move's own transaction (the agent service's hook).
  const contracts = createContractService({
    db: database.db,
    recordChange: audit.record,
    now,
    readPolicy: createContractPolicyReader(merchantService),
    tell: createContractTeller(inbox),
    maskAccount,
  });
  const agents = createAgentService({
    db: database.db,
    recordChange: audit.record,
    now,
    onUplineMove: contracts.endOnUplineMoveIn,
  });
  const teamRollups = createTeamRollupService({ db: database.db, now });
  // Contract settlement: each closed cycle of a kind once, paid top-down in the wallet's batches.
  const readSettlementPolicy = createSettlementPolicyReader(merchantService);
  const contractSettlements = createContractSettlementService({
    db: database.db,
    recordChange: audit.record,
    now,
    readPolicy: readSettlementPolicy,
    withTransfers: wallet.withTransfers,
  });
  app.decorate('contractSettlements', contractSettlements);
  // Operators' rebuilds of a merchant's bet rollups (the repair path), run by a job of their own.
  const rollupRebuildRecords = createRollupRebuildService({
    db: database.db,
    recordChange: audit.record,
    now,
  });
  const rollupRebuilds = createRollupRebuilds({ rebuilds: rollupRebuildRecords, teamRollups });
  // Team reports: the agent centre's and the back office's, one cache.
  const teamReports = createTeamReportService({ db: database.db, now });
  // Members asking to become agents, and the operators' reviews of it.
  const affiliateApplications = createAffiliateApplicationService({
    db: database.db,
    recordChange: audit.record,
    now,
  });
  // The points mall: points earned by valid bet and deposits (its minute job), goods redeemed and
  // decided by operators, conversions into the bonus wallet, all paid through the bonus engine;
  // members hear of decided redeems in their inbox.
  const readPointsMerchant = createPointsMerchantReader(merchantService);
  const points = createPointsService({
    db: database.db,
    engine: bonuses,
    recordChange: audit.record,
    readMerchant: readPointsMerchant,
    now,
    tell: async (message) => {
      await inbox.send(message);
    },
  });
  // Rebates: the daily job pays each closed day in automatic mode, members claim what accrued in
  // manual mode (switch MANPLAYREB3); both grant through the bonus engine.
  const rebates = createRebateService({
    db: database.db,
    now,
    engine: bonuses,
    readPolicy: createRebatePolicyReader(merchantService),
    recordChange: audit.record,
    feedsBehind: importStatus.importing,
  });
  // VIP levels: members raised as soon as their window earns a level, the monthly review, gifts
  // granted through the bonus engine; a change of level reaches the member's inbox and pages.
  // Reward tickets and prize draws (prize wheels, golden eggs): tickets issued by their rules (the
  // minute job, a VIP level reached, a mission done), each drawn on the member's house-game seed
  // pair and paid through the bonus engine or the points ledger.
  const rewards = createRewardService({
    db: database.db,
    now,
    engine: bonuses,
    seeds: createRewardSeeds({ houseRounds, secretBox: createSecretBox(config.appSecret, 'game-seed') }),
    points: rewardPoints,
    readMerchant: createRewardMerchantReader(merchantService),
    recordChange: audit.record,
    tellTickets: (memberId, tableId, tickets) =>
      realtime.emitToUser(memberId, 'reward', { kind: 'ticket', tableId, tickets }),
  });
  app.decorate('rewards', rewards);
  const tellVipChange = createVipChangeTeller({ inbox, realtime });
  const vip = createVipService({
    db: database.db,
    engine: bonuses,
    recordChange: audit.record,
    recordBirthdayChange: (executor, change) =>
      insertProfileChanges(executor, [{ ...change, field: 'birthday' }]),
    now,
    readMerchant: async (merchantId) => {
      const merchant = await merchantService.findById(merchantId);
      return merchant ? vipMerchantOf(merchant) : null;
    },
    // A level reached issues the tickets of the VIP rules it reaches (once per member, rule and rank).
    tellChange: async (changes) => {
      await tellVipChange(changes);
      await rewards.onVipLevelReached(changes);
    },
  });
  // Red envelopes: drops split when saved, opened by members while they last and paid as cash
  // through the bonus engine; the socket tells a drop's audience when it opens and ends.
  const redEnvelopes = createRedEnvelopeService({
    db: database.db,
    engine: bonuses,
    recordChange: audit.record,
    realtime,
    now,
  });
  app.decorate('redEnvelopes', redEnvelopes);
  // Member referrals: a friend's registration with a member's code is recorded with the checks'
  // flags; the minute job pays the rules friends reach through the bonus engine, held rewards wait
  // for an operator.
  const referrals = createReferralService({
    db: database.db,
    engine: bonuses,
    recordChange: audit.record,
    now,
    readMerchant: async (merchantId) => {
      const merchant = await merchantService.findById(merchantId);
      return merchant ? referralMerchantOf(merchant) : null;
    },
  });
  // Missions and leaderboards: progress read from the bet record, deposits and logins; claims and
  // prizes paid once through the bonus engine or as the reward centre's tickets; the minute job
  // closes the periods that ended.
  const missions = createMissionService({
    db: database.db,
    now,
    engine: bonuses,
    issueTicketsIn: rewards.issueTicketsIn,
    recordChange: audit.record,
    readMerchant: createMissionMerchantReader(merchantService),
  });
  // A mission that became claimable reaches the member's open pages once (docs/missions.md "Live progress").
  const notices = createMissionNotices({
    db: database.db,
    readSummary: missions.missionProgress,
    emit: (memberId, payload) => realtime.emitToUser(memberId, 'mission', payload),
    now,
    log: app.log,
  });
  missionNotices = notices;
  app.decorate('missionNotices', notices);
  const noticePasses = setInterval(() => void notices.pass(), NOTICE_PASS_MS);
  noticePasses.unref();
  app.addHook('onClose', async () => {
    clearInterval(noticePasses);
    missionNotices = null;
    await notices.stop();
  });
  // The back office's content; a notice of the marquee changing reaches the merchant's open pages.
  const contentAdmin = createContentAdminService({
    db: database.db,
    recordChange: audit.record,
    // The event names the notice in the merchant's default language: its room holds every reader.
    tellNotice: (merchantId, notice) =>
      void merchantService
        .findById(merchantId)
        .then((merchant) =>
          realtime.emitToMerchant(merchantId, 'notice', {
            id: notice.id,
            title: textIn(notice.title, merchant?.defaultLanguage ?? DEFAULT_LANGUAGE, 'EN'),
          }),
        )
        .catch((error: unknown) => app.log.warn({ err: error }, 'notice event not sent')),
  });
  const jobs = createJobRunner({
    database,
    logger: app.log,
    tuning: { minuteSeconds: config.jobsMinuteSeconds, ...options.jobTuning },
    definitions: [
      createHeartbeatJob({ db: database.db, nodeId: config.nodeId }),
      createKeyRotationJob({ keys: encryptionKeys }),
      createSettleHouseRoundsJob({ houseGames, houseRounds }),
      createWithdrawalAutoReceiptJob({ withdrawals, findMerchant: merchantService.findById }),
      createLiftExclusionsJob({ members, responsibleGaming }),
      createSettleVendorTransfersJob({ vendorTransfers }),
      createTransferBetImportJob({ betImport: transferBetImport }),
      createExpireTrialsJob({ trials: createTrialExpiryService({ db: database.db, now }) }),
      createTeamRollupJob({ teamRollups }),
      createOffersExpireJob({ contracts }),
      ...createSettleBonusesJobs({ bonuses, now }),
      createCashbackJob({
        cashback: createCashbackService({
          db: database.db,
          now,
          engine: bonuses,
          feedsBehind: importStatus.importing,
        }),
      }),
      createRaffleJob({ raffles }),
      createVipUpgradesJob({ vip }),
      createVipReviewJob({ vip }),
      createRebateJob({ rebates }),
      createRewardTicketsJob({ rewards }),
      createLeaderboardCloseJob({ missions }),
      createReferralRewardsJob({ referrals }),
      createRedEnvelopeJob({ redEnvelopes }),
      createNoticeScheduleJob({ contentAdmin, now }),
      createMailDeliveryJob({ mail }),
      createPointsEarnJob({
        earning: createPointsEarning({ db: database.db, now, readMerchant: readPointsMerchant }),
      }),
      ...(['daily', 'dividend', 'hourly', 'realtime'] as const).map((kind) =>
        createSettleContractsJob({
          kind,
          settlements: contractSettlements,
          inbox,
          readPolicy: readSettlementPolicy,
        }),
      ),
      rollupRebuilds.job,
    ],
  });
  app.decorate('jobs', jobs);
  const loginDeps = {
    members,
    captcha,
    verification,
    rateLimiter,
    totpBox,
    responsibleGaming,
    referrals,
    onLoggedIn: (member: { merchantId: string; memberId: string }) => notices.note(member),
    now,
  };
  // Runs after the HTTP server has closed and in-flight requests have finished; in-flight jobs
  // finish too (bounded by the runner's stop timeout).
  app.addHook('onClose', async () => {
    await jobs.stop();
    await rateLimiter.close();
  });

  await installOpenApi(app);

  // The back office: staff with their own sessions, every change in the audit log. The guard is
  // installed before any route so that it sees (and checks) every /bo route.
  const operators = createOperatorService({
    db: database.db,
    recordChange: audit.record,
    totpBox: createSecretBox(config.appSecret, 'operator-totp'),
    rateLimiter,
    verifyCaptcha: captcha.verify,
    now,
  });
  installBackOfficeGuard(app, operators);

  // The live chat (docs/chat.md): the launch routes, and the /chat and /desk socket namespaces.
  const chat = createChatService({ db: database.db, recordChange: audit.record, images: app.images, now });
  registerAppInstallRoutes(app, {
    appInstalls: createAppInstallService({ db: database.db, now }),
    members,
    rateLimiter,
    countryHeader: config.countryHeader,
  });
  registerChatRoutes(app, {
    chat,
    members,
    rateLimiter,
    listCustomerService: (merchantId, reader) => contentService.listCustomerService(merchantId, reader),
    publicOrigin: config.publicOrigin,
    countryHeader: config.countryHeader,
  });
  const canChat = async (operatorId: string): Promise<boolean> => {
    const operator = await operators.findById(operatorId);
    if (operator?.status !== 'active' || operator.merchant_id === null) return false;
    const role = await operators.findRoleById(operator.role_id);
    return role !== undefined && permissionsOfRole(role).includes('support.chat');
  };
  /** A member's session token → the member as a chat customer (the chat socket and its pictures). */
  const resolveChatMember = async (token: string): Promise<ChatCustomer | null> => {
    const found = await members.resolveSession(token);
    if (!found) return null;
    const { member } = found;
    return {
      kind: 'member',
      memberId: member.id,
      merchantId: member.merchant_id,
      name: member.nickname || member.account,
    };
  };
  installChatSockets({
    chat,
    realtime,
    logger: app.log,
    resolveMember: resolveChatMember,
    resolveOperator: async (token) => {
      const found = await operators.resolveSession(token);
      const merchantId = found?.operator.merchant_id;
      if (!found || !merchantId || found.session.password_change_required) return null;
      if (!found.permissions.includes('support.chat')) return null;
      return {
        id: found.operator.id,
        username: found.operator.username,
        ip: null,
        merchantId,
        displayName: found.operator.display_name,
      };
    },
    vipRankOf: async (memberId) => (await vip.findBadge(memberId))?.rank ?? 0,
    activeChatsMaxOf: async (merchantId) =>
      (await merchantService.resolveById(merchantId))?.settings.liveChat.activeChatsPerOperatorMax ?? 5,
    canChat,
    checkMemberPassword: async (memberId, password) => {
      // Counted before the check, so that a burst of guesses is counted in full.
      const attempt = await reserveSecretAttempt(rateLimiter, [
        { rule: CHAT_IDENTITY_FAILURES, key: memberId },
      ]);
      if (!(await members.verifyPassword(await members.findById(memberId), password))) {
        throw new AppError('BAD_CREDENTIALS');
      }
      await attempt.refund();
    },
    customerFacts: async (memberId, merchantId) => {
      const overview = await responsibleGaming.getOverview({ memberId, merchantId });
      const member = await members.findById(memberId);
      const upline = member?.upline_id ? await members.findById(member.upline_id) : null;
      return {
        exclusion: overview.exclusion
          ? { kind: overview.exclusion.kind, endsAt: overview.exclusion.endsAt.toISOString() }
          : null,
        canDeposit: overview.canDeposit,
        // Minutes for a session limit, money for the others.
        limits: overview.limits.map((limit) => {
          const show = (value: bigint) => (limit.kind === 'session' ? value.toString() : formatAmount(value));
          return {
            kind: limit.kind,
            period: limit.period,
            value: limit.value === null ? null : show(limit.value),
            used: show(limit.used),
          };
        }),
        realityCheckMinutes: overview.realityCheckMinutes,
        uplineAccount: upline?.account ?? null,
      };
    },
  });

  // Routes, grouped by caller (http/wps, http/lgw, http/bo, http/ops …).
  registerOpsRoutes(app, { database });
  registerMetricsRoutes(app, { metrics });
  registerPublicKeyRoutes(app, { keys: encryptionKeys });
  registerSystemRoutes(app, {
    merchantService,
    contentService,
    customerServiceLinks: createCustomerServiceLinks({
      db: database.db,
      box: createSecretBox(config.appSecret, 'customer-service-link'),
    }),
    countryHeader: config.countryHeader,
    members,
    rateLimiter,
    wallet,
    inbox,
    promotions,
    vip,
  });
  registerWalletRoutes(app, { members, wallet, vendorTransfers, agents });
  registerTransferWalletRoutes(app, { members, vendorTransfers });
  registerStatementRoutes(app, {
    members,
    wallet,
    games,
    personalProfit: createPersonalProfitService({ db: database.db }),
  });
  registerBonusRoutes(app, { members, wallet, withdrawals, bonuses });
  registerMemberBonusRoutes(app, { members, bonuses });
  registerRebateRoutes(app, { members, rebates });
  registerMessageRoutes(app, { members, inbox });
  registerPointsRoutes(app, { members, rateLimiter, points });
  registerMissionRoutes(app, { members, missions });
  const withdrawDeps = {
    members,
    payments,
    withdrawals,
    wallet,
    rateLimiter,
    inbox,
    promotions,
    bonuses,
    vip,
  };
  registerVipRoutes(app, { members, vip });
  registerRewardRoutes(app, { members, rewards });
  registerReferralRoutes(app, { members, referrals, publicOrigin: config.publicOrigin, now });
  registerRedEnvelopeRoutes(app, { members, redEnvelopes });
  registerBadgeRoutes(app, {
    members,
    badges: createMemberBadges({
      rewards,
      readRewardMerchant: createRewardMerchantReader(merchantService),
      redEnvelopes,
      missions,
      inbox,
    }),
  });
  registerPaymentRoutes(app, {
    members,
    payments,
    wallet,
    responsibleGaming,
    inbox,
    promotions,
    publicOrigin: config.publicOrigin,
  });
  registerResponsibleGamingRoutes(app, { members, responsibleGaming, realtime });
  registerTransferRoutes(app, { members, wallet, rateLimiter });
  registerAgentTeamRoutes(app, { members, agents, wallet });
  registerAgentContractRoutes(app, { members, contracts });
  registerAgentContractSettlementRoutes(app, {
    members,
    settlements: contractSettlements,
    readPolicy: readSettlementPolicy,
    rebates,
    now,
  });
  registerRegisterCenterRoutes(app, {
    members,
    registration: createAgentRegistration({
      db: database.db,
      members,
      agents,
      messenger,
      rateLimiter,
      publicOrigin: config.publicOrigin,
      now,
    }),
    countryHeader: config.countryHeader,
  });
  registerAgentOverviewRoutes(app, { members, teamReports, importStatus, now });
  registerAffiliateRoutes(app, { members, applications: affiliateApplications });
  const betRecords = createBetRecordService({ db: database.db });
  registerBetRoutes(app, { members, betRecords, importStatus, now });
  registerAgentRecordRoutes(app, {
    members,
    teamRecords: createTeamRecordService({ db: database.db, betRecords }),
    importStatus,
    now,
  });
  registerPayRoutes(app, { ...withdrawDeps, responsibleGaming });
  registerFinanceRoutes(app, { ...withdrawDeps, images: app.images, publicOrigin: config.publicOrigin });
  registerDepositReviewRoutes(app, {
    members,
    payments,
    wallet,
    inbox,
    promotions,
    images: app.images,
    db: database.db,
    recordChange: audit.record,
  });
  registerSessionRoutes(app, { ...loginDeps, countryHeader: config.countryHeader });
  registerSocialLoginRoutes(app, {
    ...loginDeps,
    social: createSocialLoginService({ db: database.db, now }),
    countryHeader: config.countryHeader,
    publicOrigin: config.publicOrigin,
  });
  registerMemberRoutes(app, { ...loginDeps, countryHeader: config.countryHeader });
  registerRecoveryRoutes(app, {
    ...loginDeps,
    messenger,
    countryHeader: config.countryHeader,
    publicOrigin: config.publicOrigin,
  });
  registerSecurityRoutes(app, { members, totpBox, rateLimiter, now });
  const profiles = createMemberProfileService({ db: database.db, recordChange: audit.record, now });
  registerProfileRoutes(app, {
    members,
    profiles,
    verification,
    countryHeader: config.countryHeader,
    now,
  });
  registerVerificationRoutes(app, {
    members,
    verification,
    captcha,
    rateLimiter,
    countryHeader: config.countryHeader,
  });
  registerContentRoutes(app, { contentService, members });
  const articles = createArticleReader({ db: database.db, now });
  registerArticleRoutes(app, { articles, publicOrigin: config.publicOrigin });
  registerArticlesRoutes(app, {
    articleAdmin: createArticleAdminService({ db: database.db, recordChange: audit.record, now }),
  });
  registerReferenceRoutes(app);
  registerCountryFlagRoutes(app);
  registerMediaRoutes(app);
  await registerAppManifestRoutes(app, { contentService });
  registerBackOfficeAuthRoutes(app, { operators, captcha, rateLimiter });
  registerStaffRoutes(app, { operators });
  registerRolesRoutes(app, { operators });
  registerAuditRoutes(app, { audit });
  registerMerchantConfigRoutes(app, {
    merchantAdmin: createMerchantAdminService({
      db: database.db,
      recordChange: audit.record,
      onChanged: merchantService.invalidate,
    }),
  });
  registerBonusesRoutes(app, { bonuses });
  registerRebatesRoutes(app, { rebates, merchants: merchantService, now });
  registerMailAdminRoutes(app, {
    mail,
    templates: createMessageTemplateService({ db: database.db, recordChange: audit.record, now }),
    siteNameOf: async (merchantId) => {
      const merchant = present(await merchantService.findById(merchantId), `merchant ${merchantId} exists`);
      return merchant.settings.siteName || merchant.name;
    },
  });
  registerRedEnvelopeAdminRoutes(app, {
    redEnvelopes,
    timeZoneOf: async (merchantId) => (await merchantService.findById(merchantId))?.timeZone ?? null,
    now,
  });
  registerPointsBackOfficeRoutes(app, { points, merchants: merchantService });
  registerMissionsRoutes(app, { missions, merchants: merchantService, now });
  registerPlayersRoutes(app, {
    memberAdmin: createMemberAdminService({ db: database.db, recordChange: audit.record, now }),
    wallet,
    realtime,
    vendorTransfers,
  });
  registerPlayerProfileRoutes(app, { profiles, merchants: merchantService, now });
  const reports = createReportService({ db: database.db, now });
  registerRewardsBackOfficeRoutes(app, {
    rewards,
    rewardReports: createRewardReportService({ db: database.db, now, resolveRange: reports.resolveRange }),
  });
  registerReportsRoutes(app, { reports, importStatus });
  registerPromotionReportsRoutes(app, {
    promotionReports: createPromotionReportService({
      db: database.db,
      now,
      resolveRange: reports.resolveRange,
    }),
  });
  registerReferralsBackOfficeRoutes(app, {
    referrals,
    referralReports: createReferralReportService({
      db: database.db,
      now,
      resolveRange: reports.resolveRange,
    }),
  });
  registerChatReportRoutes(app, {
    chatReports: createChatReportService({ db: database.db, now, resolveRange: reports.resolveRange }),
  });
  registerAgentsRoutes(app, { agents, now });
  registerContractsRoutes(app, { contracts });
  registerAgentReportsRoutes(app, {
    agents,
    teamReports,
    exports: createAgentReportExports({
      db: database.db,
      teamReports,
      agentExports: createAgentExportService({ db: database.db }),
      recordChange: audit.record,
    }),
    importStatus,
    now,
  });
  registerRollupRebuildsRoutes(app, { rebuilds: rollupRebuildRecords, rollupRebuilds, jobs });
  registerAffiliateApplicationsRoutes(app, { applications: affiliateApplications, agents, inbox });
  // Members' feedback: sent from the member centre with images, answered from the back office's inbox.
  const feedback = createFeedbackService({
    db: database.db,
    images: app.images,
    recordChange: audit.record,
    now,
  });
  registerFeedbackInboxRoutes(app, { feedback, inbox, images: app.images });
  registerContractSettlementRoutes(app, { settlements: contractSettlements, inbox, operators });
  registerDashboardRoutes(app, { dashboard: createDashboardService({ db: database.db, reports, now }) });
  registerUploadedMediaRoutes(app, { images: app.images });
  // Games: the launch call, our own games' tables and the seamless wallet that vendors call.
  registerLaunchRoutes(app, { games, members, vendorTransfers });
  registerHouseGameRoutes(app, { houseGames, houseRounds, games, members });
  registerHouseRealityCheckRoutes(app, { houseGames, games, members, responsibleGaming, wallet, now });
  // The lobby: categories, vendor lanes and the game lists of issue 7.
  const { pglite } = database;
  const catalogue = createCatalogueService({
    db: database.db,
    rateLimiter,
    // An embedded database tells its listeners of a change before the writer's call returns.
    ...(pglite
      ? { changes: { kind: 'listen', listen: (channel, onChange) => pglite.listen(channel, onChange) } }
      : {}),
  });
  registerRelayRoutes(app, { catalogue, members });
  registerGameMenuRoutes(app, { catalogue });
  // Lottery games: their menu, the draws their vendors report, and the lottery pages' launch.
  const lottery = createLotteryService({ db: database.db });
  registerLotteryRoutes(app, { games, lottery, members });
  registerDrawReportRoutes(app, { games, lottery, now });
  registerVendorWalletRoutes(app, {
    games,
    vendorWallet: createVendorWallet({ games, members, wallet, responsibleGaming }),
    merchants: merchantService,
    now,
  });
  // The route groups with an upload (a receipt, a proof photo, content images, game icons) live in
  // a context of their own with @fastify/multipart: its parser and its reply hook then serve those
  // routes only, not every request (the lobby's among them).
  await app.register(async (uploads) => {
    await uploads.register(fastifyMultipart, { limits: MULTIPART_LIMITS });
    registerWithdrawalRoutes(uploads, { ...withdrawDeps, images: app.images });
    registerBankDepositRoutes(uploads, {
      members,
      payments,
      wallet,
      images: app.images,
      inbox,
      responsibleGaming,
      promotions,
    });
    registerPromotionRoutes(uploads, { members, promotions, wallet, images: app.images });
    registerFeedbackRoutes(uploads, { members, feedback, images: app.images });
    registerChatImageRoutes(uploads, { chat, images: app.images, resolveMember: resolveChatMember });
    registerChatImagesBackOfficeRoutes(uploads, { chat, images: app.images });
    registerPromotionsRoutes(uploads, {
      promotionAdmin: createPromotionAdminService({
        db: database.db,
        recordChange: audit.record,
        grants: bonuses,
        readMaxMultiplier: async (merchantId) =>
          present(await merchantService.findById(merchantId), `merchant ${merchantId} exists`).settings
            .promotions.maxMultiplier,
        sanitizeHtml: sanitizeOperatorHtml,
        now,
      }),
      raffles,
      images: app.images,
    });
    registerBackOfficeContentRoutes(uploads, {
      contentAdmin,
      images: app.images,
    });
    registerGamesRoutes(uploads, {
      catalogueAdmin: createCatalogueAdminService({ db: database.db, recordChange: audit.record, now }),
      images: app.images,
    });
    registerVipAdminRoutes(uploads, {
      vip,
      levels: createVipLevelsService({ db: database.db, recordChange: audit.record, now }),
      images: app.images,
    });
  });
  await registerSpaRoutes(app, {
    webDistDir: config.webDistDir,
    adminDistDir: config.adminDistDir,
    // The pages' policy lets them frame and show what the merchant's vendors serve.
    readVendorOrigins: (merchantId) => games.listVendorOrigins(merchantId),
    describePage: createArticlePageDescriber({ articles, publicOrigin: config.publicOrigin }),
  });

  options.registerTestRoutes?.(app);

  await app.ready();
  if (config.runJobs) await jobs.start({ workers: true });
  return app;
}
