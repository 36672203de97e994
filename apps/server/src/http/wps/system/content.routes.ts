import { Type } from 'typebox';
import {
  ANNOUNCEMENT_AUDIENCES,
  ANNOUNCEMENT_PAGE_SIZE_DEFAULT,
  ANNOUNCEMENT_PAGE_SIZE_MAX,
  ANNOUNCEMENT_TYPES,
  type AnnouncementType,
  audiencesOf,
  type ContentService,
  EXECUTIONS,
  type Execution,
} from '../../../modules/content/content.service.ts';
import { isAgentType, type MemberService } from '../../../modules/member/member.service.ts';
import { Envelope, ok } from '../../../platform/http/envelope.ts';
import type { TypedApp } from '../../../platform/http/typed.ts';
import { readMemberSession } from '../../member-session.ts';
import { requireMerchantReader } from '../../merchant-context.ts';
import { MerchantLanguageQuery, PageOf } from '../wps-schemas.ts';
import {
  AnnouncementTypeCode,
  ERROR_RESPONSES,
  ExecutionCode,
  MerchantQuery,
  Nullable,
  StringOf,
} from './system-schemas.ts';

const TAGS = ['system'];
const PAGE_NO_MAX = 10_000;

const AnnouncementsQuery = Type.Object({
  ...MerchantLanguageQuery.properties,
  types: Type.Optional(Type.String({ pattern: '^(B|PL|PU|PR|H)(,(B|PL|PU|PR|H))*$', maxLength: 40 })),
  platform: Type.Optional(Type.Literal('W')),
  execution: Type.Optional(Type.String({ pattern: '^[ABF](,[ABF])*$', maxLength: 10 })),
  /** newest: by start time alone, newest first (the agent centre); else the merchant's order first. */
  order: Type.Optional(Type.Literal('newest')),
  pageNo: Type.Integer({ minimum: 1, maximum: PAGE_NO_MAX, default: 1 }),
  pageSize: Type.Integer({
    minimum: 1,
    maximum: ANNOUNCEMENT_PAGE_SIZE_MAX,
    default: ANNOUNCEMENT_PAGE_SIZE_DEFAULT,
  }),
});

const AnnouncementItem = Type.Object({
  id: Type.String(),
  type: AnnouncementTypeCode,
  title: Type.String(),
  content: Type.String(),
  promotionType: Nullable(Type.String()),
  execution: Nullable(ExecutionCode),
  audience: StringOf(ANNOUNCEMENT_AUDIENCES),
  startsAt: Type.String({ format: 'date-time' }),
  endsAt: Nullable(Type.String({ format: 'date-time' })),
});

const HelpCenterQuery = Type.Object({
  ...MerchantQuery,
  lang: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2}$' })),
  device: Type.Optional(Type.Literal('WEB')),
});

const HelpCategory = Type.Object({
  id: Type.String(),
  title: Type.String(),
  anchor: Type.String(),
  articles: Type.Array(
    Type.Object({ id: Type.String(), title: Type.String(), content: Type.String(), anchor: Type.String() }),
  ),
});

function splitCodes<T extends string>(text: string | undefined, allowed: readonly T[]): T[] | undefined {
  if (!text) return undefined;
  const codes = new Set(text.split(','));
  return allowed.filter((code) => codes.has(code));
}

/** Announcements and the help centre: GET /wps/system/announcements and /wps/system/helpCenter. */
export function registerContentRoutes(
  app: TypedApp,
  deps: { contentService: ContentService; members: MemberService },
): void {
  const { contentService } = deps;

  app.get(
    '/wps/system/announcements',
    {
      schema: {
        tags: TAGS,
        summary:
          'Published announcements in schedule, filtered by type and execution, one page; an agent ' +
          'reads those for all and for agents, anyone else those for all and for members',
        querystring: AnnouncementsQuery,
        response: { 200: Envelope(PageOf(AnnouncementItem)), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { merchant, reader } = requireMerchantReader(request);
      const { query } = request;
      const types: readonly AnnouncementType[] =
        splitCodes(query.types, ANNOUNCEMENT_TYPES) ?? ANNOUNCEMENT_TYPES;
      const executions: readonly Execution[] | undefined = splitCodes(query.execution, EXECUTIONS);
      // The audience follows the caller, never the query: an agent's session reads the agents' list.
      const viewer = await readMemberSession(request, deps.members);
      const page = await contentService.findAnnouncements(
        merchant.id,
        {
          types,
          platform: query.platform ?? 'W',
          executions,
          audiences: audiencesOf(viewer !== null && isAgentType(viewer.member.type)),
          order: query.order ?? 'operator',
          pageNo: query.pageNo,
          pageSize: query.pageSize,
        },
        reader,
        new Date(),
      );
      return ok(page);
    },
  );

  app.get(
    '/wps/system/helpCenter',
    {
      schema: {
        tags: TAGS,
        summary: 'Help centre categories and articles in the requested language (lang)',
        querystring: HelpCenterQuery,
        response: { 200: Envelope(Type.Object({ list: Type.Array(HelpCategory) })), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { merchant, reader } = requireMerchantReader(request);
      const list = await contentService.listHelpCenter(merchant.id, request.query.device ?? 'WEB', reader);
      return ok({ list });
    },
  );
}
