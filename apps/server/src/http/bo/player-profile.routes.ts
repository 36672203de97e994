import { Type } from 'typebox';
import type { MemberProfileService } from '../../modules/member/member-profile.service.ts';
import type { MerchantService } from '../../modules/merchant/merchant.service.ts';
import { present } from '../../platform/errors/invariant.ts';
import { Envelope, ok } from '../../platform/http/envelope.ts';
import type { TypedApp } from '../../platform/http/typed.ts';
import { readProfile, saveProfileAsOperator } from '../../workflows/profile.ts';
import { Profile, ProfileFields, ProfileValues } from '../wps/member/profile.routes.ts';
import { Nullable } from '../wps/system/system-schemas.ts';
import { BO_ERROR_RESPONSES, IdParams } from './bo-schemas.ts';
import { readOperator } from './operator-session.ts';
import { resourceRoute } from './scoped-route.ts';

export type PlayerProfileRoutesDeps = {
  profiles: MemberProfileService;
  merchants: Pick<MerchantService, 'findById'>;
  now: () => Date;
};

const TAGS = ['back office: players'];

/**
 * An operator's save: the plain fields as the member's own save takes them, and the e-mail address
 * and mobile number, which need no code here (null or empty clears an optional field).
 */
const OperatorProfileBody = Type.Object(
  {
    ...ProfileFields,
    email: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
    countryDialingCode: Type.Optional(Type.String({ maxLength: 6 })),
    mobileNum: Type.Optional(Nullable(Type.String({ maxLength: 20 }))),
  },
  { additionalProperties: false },
);

/**
 * A player's profile fields in the back office (docs/security.md "Profile"): read with each field's
 * register rule, and changed by an operator with the member's own checks, past the locks the
 * merchant set after registration; every change is in the player's history and the audit log.
 */
export function registerPlayerProfileRoutes(app: TypedApp, deps: PlayerProfileRoutesDeps): void {
  const { profiles } = deps;
  const merchantOf = async (memberId: string) => {
    const merchantId = present(await profiles.findMerchantOf(memberId), 'the guarded member exists');
    return present(await deps.merchants.findById(merchantId), `merchant ${merchantId} exists`);
  };

  app.get(
    '/bo/players/:id/profile',
    {
      ...resourceRoute('players.read', profiles.findMerchantOf),
      schema: {
        tags: TAGS,
        summary:
          "A player's profile fields, each with its register rule and whether the merchant locked it after registration",
        params: IdParams,
        response: { 200: Envelope(Profile), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { id } = request.params;
      return ok(await readProfile(deps, await merchantOf(id), id));
    },
  );

  app.put(
    '/bo/players/:id/profile',
    {
      ...resourceRoute('players.write', profiles.findMerchantOf),
      schema: {
        tags: TAGS,
        summary:
          "Change a player's profile fields with the register rules' checks, locked ones too; a new email address or mobile number needs no code and is stored unverified",
        params: IdParams,
        body: OperatorProfileBody,
        response: { 200: Envelope(ProfileValues), ...BO_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { id } = request.params;
      const merchant = await merchantOf(id);
      const { actor } = await readOperator(request);
      return ok(
        await saveProfileAsOperator(
          deps,
          merchant,
          { operator: actor, memberId: id, merchantId: merchant.id },
          request.body,
        ),
      );
    },
  );
}
