import type { Updateable } from 'kysely';
import type { MembersTable } from '../../db/schema.ts';
import {
  actorOf,
  type ChangeActor,
  type ChangeEntry,
  type RecordChange,
} from '../../platform/audit/record-change.ts';
import type { Executor } from '../../platform/db/executor.ts';
import { clockOf, type ServiceDeps } from '../../platform/db/service-deps.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { type MobileNumber, maskEmail, maskPhone } from '../../platform/phone/phone-number.ts';
import { findMemberByMobile, type MemberRow } from './member.repository.ts';
import { findMemberMerchantId, lockMember } from './member-admin.repository.ts';
import {
  findOtherMemberWithEmail,
  insertProfileChanges,
  lockEmailAddress,
  setBirthdayWhileUnset,
  updateContactEntries,
  updateProfileColumns,
} from './member-profile.repository.ts';

/** The profile fields a member edits with a plain save (e-mail and mobile need a code). */
export const EDITABLE_PROFILE_FIELDS = [
  'nickname',
  'birthday',
  'telegram',
  'zalo',
  'address',
  'nationality',
  'occupation',
  'sourceOfIncome',
] as const;
export type EditableProfileField = (typeof EDITABLE_PROFILE_FIELDS)[number];
export type ProfileChanges = Partial<Record<EditableProfileField, string | null>>;

export type ProfileValues = Record<EditableProfileField, string | null> & {
  email: string | null;
  emailVerified: boolean;
  mobile: { dialingCode: string; nationalNumber: string } | null;
  mobileVerified: boolean;
};

/** Who changes the profile: the member themself, from an address. */
export type ProfileActor = { memberId: string; merchantId: string; account: string; ip: string | null };

/** An operator changing a member's profile in the back office. */
export type OperatorProfileActor = { operator: ChangeActor; memberId: string; merchantId: string };

/**
 * What an operator changes at once: the plain fields (the birthday too, set or not), and the
 * e-mail address and mobile number without a code (null empties one).
 */
export type OperatorProfileChanges = ProfileChanges & { email?: string | null; mobile?: MobileNumber | null };

/** Whom a change's history rows and audit row name. */
type ChangeAuthor = {
  memberId: string;
  merchantId: string;
  actorType: 'member' | 'operator';
  actorId: string;
  audit: Pick<ChangeEntry, 'actor' | 'ip'>;
  /** The audit row's action: `member.profile` for the member's own change, `player.profile` for an operator's. */
  action: string;
};

const authorOfMember = (actor: ProfileActor): ChangeAuthor => ({
  memberId: actor.memberId,
  merchantId: actor.merchantId,
  actorType: 'member',
  actorId: actor.memberId,
  audit: { actor: { id: actor.memberId, name: actor.account }, ip: actor.ip },
  action: 'member.profile',
});

const authorOfOperator = (actor: OperatorProfileActor): ChangeAuthor => ({
  memberId: actor.memberId,
  merchantId: actor.merchantId,
  actorType: 'operator',
  actorId: actor.operator.id,
  audit: actorOf(actor.operator),
  action: 'player.profile',
});

type FieldChange = { field: string; before: string | null; after: string | null; masked?: boolean };

const COLUMN_OF = {
  nickname: 'nickname',
  address: 'address',
  nationality: 'nationality',
  occupation: 'occupation',
  sourceOfIncome: 'source_of_income',
} as const satisfies Partial<Record<EditableProfileField, keyof MembersTable>>;
const CONTACT_FIELDS = ['telegram', 'zalo'] as const;

const mobileOf = (member: MemberRow) =>
  member.mobile_dialing_code && member.mobile_number
    ? { dialingCode: member.mobile_dialing_code, nationalNumber: member.mobile_number }
    : null;
const e164Of = (mobile: { dialingCode: string; nationalNumber: string } | null) =>
  mobile ? `${mobile.dialingCode}${mobile.nationalNumber}` : null;

/**
 * The plain fields of `changes` that differ from the member's values, and the columns and contact
 * entries that hold them; the birthday is left to the caller, which sets it once or replaces it.
 */
function planFieldChanges(before: ProfileValues, changes: ProfileChanges) {
  const changed = EDITABLE_PROFILE_FIELDS.filter(
    (field) => changes[field] !== undefined && changes[field] !== before[field],
  );
  const columns: Updateable<MembersTable> = {};
  for (const [field, column] of Object.entries(COLUMN_OF) as [keyof typeof COLUMN_OF, string][]) {
    if (changed.includes(field)) Object.assign(columns, { [column]: changes[field] ?? null });
  }
  const contacts = Object.fromEntries(
    CONTACT_FIELDS.filter((field) => changed.includes(field)).map((field) => [field, changes[field] ?? null]),
  );
  return { changed, columns, contacts };
}

/** The profile as the security centre shows it. */
export function profileOf(member: MemberRow): ProfileValues {
  const contacts = member.contacts ?? {};
  return {
    nickname: member.nickname,
    birthday: member.birthday,
    telegram: contacts.telegram ?? null,
    zalo: contacts.zalo ?? null,
    address: member.address,
    nationality: member.nationality,
    occupation: member.occupation,
    sourceOfIncome: member.source_of_income,
    email: member.email,
    emailVerified: member.email_verified_at !== null,
    mobile: mobileOf(member),
    mobileVerified: member.mobile_verified_at !== null,
  };
}

export type MemberProfileService = ReturnType<typeof createMemberProfileService>;

/**
 * A member's own profile (docs/security.md "Profile"): plain fields, the birthday once, and a new
 * e-mail address or mobile number once its code was checked by the caller. Every change writes a
 * history row per field and one audit row, in the transaction that makes it; the audit row masks
 * e-mail addresses and numbers as the rest of the log does. Values arrive already checked against
 * the merchant's register rules.
 */
export function createMemberProfileService(deps: ServiceDeps<{ recordChange: RecordChange }>) {
  const { db, recordChange } = deps;
  const now = clockOf(deps);

  /** The member row, locked for the transaction; refuses a member of another merchant. */
  async function lockOwnMember(
    trx: Executor,
    actor: { memberId: string; merchantId: string },
  ): Promise<MemberRow> {
    const member = await lockMember(trx, actor.memberId);
    if (!member || member.merchant_id !== actor.merchantId) throw new AppError('NOT_FOUND');
    return member;
  }

  /** Writes the plain fields' columns and contact entries a plan holds, if any. */
  async function writeFieldChanges(
    trx: Executor,
    memberId: string,
    plan: Pick<ReturnType<typeof planFieldChanges>, 'columns' | 'contacts'>,
    at: Date,
  ): Promise<void> {
    if (Object.keys(plan.columns).length > 0) {
      await updateProfileColumns(trx, memberId, { ...plan.columns, updated_at: at });
    }
    if (Object.keys(plan.contacts).length > 0) await updateContactEntries(trx, memberId, plan.contacts);
  }

  async function recordChanges(
    trx: Executor,
    author: ChangeAuthor,
    changes: readonly FieldChange[],
  ): Promise<void> {
    if (changes.length === 0) return;
    const at = now();
    await insertProfileChanges(
      trx,
      changes.map((change) => ({
        merchantId: author.merchantId,
        memberId: author.memberId,
        field: change.field,
        before: change.before,
        after: change.after,
        actorType: author.actorType,
        actorId: author.actorId,
        at,
      })),
    );
    const shown = (change: FieldChange, value: string | null) =>
      value === null || !change.masked
        ? value
        : change.field === 'email'
          ? maskEmail(value)
          : maskPhone(value);
    await recordChange(trx, {
      ...author.audit,
      merchantId: author.merchantId,
      action: author.action,
      target: { type: 'member', id: author.memberId },
      before: Object.fromEntries(changes.map((change) => [change.field, shown(change, change.before)])),
      after: Object.fromEntries(changes.map((change) => [change.field, shown(change, change.after)])),
    });
  }

  return {
    /** The merchant of a member, for the back office's scoping; undefined for no such member. */
    findMerchantOf: (memberId: string) => findMemberMerchantId(db, memberId),

    async readProfile(memberId: string): Promise<ProfileValues> {
      const member = await db.selectFrom('members').selectAll().where('id', '=', memberId).executeTakeFirst();
      if (!member) throw new AppError('NOT_FOUND');
      return profileOf(member);
    },

    /**
     * Saves the fields given (null empties one); unchanged values write nothing. The birthday is
     * set once: CONFLICT BIRTHDAY_SET when one is set, also when a simultaneous save set it first.
     */
    async updateProfile(actor: ProfileActor, changes: ProfileChanges): Promise<ProfileValues> {
      return db.transaction().execute(async (trx) => {
        const member = await lockOwnMember(trx, actor);
        const before = profileOf(member);
        const plan = planFieldChanges(before, changes);
        const at = now();
        if (plan.changed.includes('birthday')) {
          const birthday = changes.birthday;
          if (
            before.birthday !== null ||
            !birthday ||
            !(await setBirthdayWhileUnset(trx, member.id, birthday, at))
          ) {
            throw new AppError('CONFLICT', { value: { reason: 'BIRTHDAY_SET' } });
          }
        }
        await writeFieldChanges(trx, member.id, plan, at);
        await recordChanges(
          trx,
          authorOfMember(actor),
          plan.changed.map((field) => ({ field, before: before[field], after: changes[field] ?? null })),
        );
        return {
          ...before,
          ...Object.fromEntries(plan.changed.map((field) => [field, changes[field] ?? null])),
        };
      });
    },

    /**
     * An operator's change of a member's profile (docs/security.md "Profile"): the plain fields,
     * a birthday set or not (the member sets theirs once; customer service corrects it), and a new
     * e-mail address or mobile number without a code, stored as not verified. Values arrive
     * checked against the register rules, a locked field's too: the lock holds the member, not
     * the operator. One transaction writes the fields, a history row per field naming the
     * operator and one `player.profile` audit row. CONFLICT EMAIL_TAKEN or MOBILE_TAKEN when
     * another member of the merchant holds the address or number.
     */
    async updateProfileAsOperator(
      actor: OperatorProfileActor,
      changes: OperatorProfileChanges,
    ): Promise<ProfileValues> {
      try {
        return await db.transaction().execute(async (trx) => {
          const member = await lockOwnMember(trx, actor);
          const before = profileOf(member);
          const plan = planFieldChanges(before, changes);
          if (plan.changed.includes('birthday')) plan.columns.birthday = changes.birthday ?? null;
          const history: FieldChange[] = plan.changed.map((field) => ({
            field,
            before: before[field],
            after: changes[field] ?? null,
          }));
          const after: ProfileValues = {
            ...before,
            ...Object.fromEntries(plan.changed.map((field) => [field, changes[field] ?? null])),
          };
          const email = changes.email === undefined ? undefined : changes.email?.trim().toLowerCase() || null;
          if (email !== undefined && email !== before.email) {
            if (email !== null) {
              await lockEmailAddress(trx, actor.merchantId, email);
              if (await findOtherMemberWithEmail(trx, actor.merchantId, member.id, email)) {
                throw new AppError('CONFLICT', { value: { reason: 'EMAIL_TAKEN' } });
              }
            }
            Object.assign(plan.columns, { email, email_verified_at: null });
            history.push({ field: 'email', before: before.email, after: email, masked: true });
            Object.assign(after, { email, emailVerified: false });
          }
          const mobile = changes.mobile;
          if (mobile !== undefined && (mobile?.e164 ?? null) !== e164Of(before.mobile)) {
            Object.assign(plan.columns, {
              mobile_dialing_code: mobile?.dialingCode ?? null,
              mobile_number: mobile?.nationalNumber ?? null,
              mobile_verified_at: null,
            });
            history.push({
              field: 'mobile',
              before: e164Of(before.mobile),
              after: mobile?.e164 ?? null,
              masked: true,
            });
            Object.assign(after, {
              mobile: mobile
                ? { dialingCode: mobile.dialingCode, nationalNumber: mobile.nationalNumber }
                : null,
              mobileVerified: false,
            });
          }
          await writeFieldChanges(trx, member.id, plan, now());
          await recordChanges(trx, authorOfOperator(actor), history);
          return after;
        });
      } catch (error) {
        if (isUniqueViolation(error, 'members_mobile_uq')) {
          throw new AppError('CONFLICT', { value: { reason: 'MOBILE_TAKEN' }, cause: error });
        }
        throw error;
      }
    },

    /**
     * Replaces the e-mail address with one whose code the caller checked (verified now). CONFLICT
     * EMAIL_TAKEN when another member of the merchant has it; simultaneous changes to one address
     * are serialised, so only one of them can take it.
     */
    async changeEmail(actor: ProfileActor, email: string): Promise<ProfileValues> {
      const address = email.trim().toLowerCase();
      return db.transaction().execute(async (trx) => {
        const member = await lockOwnMember(trx, actor);
        await lockEmailAddress(trx, actor.merchantId, address);
        if (await findOtherMemberWithEmail(trx, actor.merchantId, member.id, address)) {
          throw new AppError('CONFLICT', { value: { reason: 'EMAIL_TAKEN' } });
        }
        const at = now();
        await updateProfileColumns(trx, member.id, { email: address, email_verified_at: at, updated_at: at });
        await recordChanges(trx, authorOfMember(actor), [
          { field: 'email', before: member.email, after: address, masked: true },
        ]);
        return { ...profileOf(member), email: address, emailVerified: true };
      });
    },

    /**
     * Replaces the mobile number with one whose code the caller checked (verified now). CONFLICT
     * MOBILE_TAKEN when another member of the merchant has it (the unique index decides a race).
     */
    async changeMobile(actor: ProfileActor, mobile: MobileNumber): Promise<ProfileValues> {
      try {
        return await db.transaction().execute(async (trx) => {
          const member = await lockOwnMember(trx, actor);
          const at = now();
          await updateProfileColumns(trx, member.id, {
            mobile_dialing_code: mobile.dialingCode,
            mobile_number: mobile.nationalNumber,
            mobile_verified_at: at,
            updated_at: at,
          });
          await recordChanges(trx, authorOfMember(actor), [
            { field: 'mobile', before: e164Of(mobileOf(member)), after: mobile.e164, masked: true },
          ]);
          return {
            ...profileOf(member),
            mobile: { dialingCode: mobile.dialingCode, nationalNumber: mobile.nationalNumber },
            mobileVerified: true,
          };
        });
      } catch (error) {
        if (isUniqueViolation(error, 'members_mobile_uq')) {
          throw new AppError('CONFLICT', { value: { reason: 'MOBILE_TAKEN' }, cause: error });
        }
        throw error;
      }
    },

    /** Whether another member of the merchant has this e-mail address (any case). */
    async isEmailTaken(actor: ProfileActor, email: string): Promise<boolean> {
      const address = email.trim().toLowerCase();
      return (await findOtherMemberWithEmail(db, actor.merchantId, actor.memberId, address)) !== undefined;
    },

    /** Whether another member of the merchant has this mobile number. */
    async isMobileTaken(actor: ProfileActor, mobile: MobileNumber): Promise<boolean> {
      const holder = await findMemberByMobile(
        db,
        actor.merchantId,
        mobile.dialingCode,
        mobile.nationalNumber,
      );
      return holder !== undefined && holder.id !== actor.memberId;
    },
  };
}
