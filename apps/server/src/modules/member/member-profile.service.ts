import type { Insertable, Updateable } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { MemberProfileChangesTable, MembersTable } from '../../db/schema.ts';
import type { RecordChange } from '../../platform/audit/record-change.ts';
import type { Executor } from '../../platform/db/executor.ts';
import { clockOf, type ServiceDeps } from '../../platform/db/service-deps.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import { AppError } from '../../platform/errors/errors.ts';
import { type MobileNumber, maskEmail, maskPhone } from '../../platform/phone/phone-number.ts';
import { findMemberByMobile, type MemberRow } from './member.repository.ts';
import { lockMember } from './member-admin.repository.ts';
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
  async function lockOwnMember(trx: Executor, actor: ProfileActor): Promise<MemberRow> {
    const member = await lockMember(trx, actor.memberId);
    if (!member || member.merchant_id !== actor.merchantId) throw new AppError('NOT_FOUND');
    return member;
  }

  async function recordChanges(
    trx: Executor,
    actor: ProfileActor,
    changes: readonly { field: string; before: string | null; after: string | null; masked?: boolean }[],
  ): Promise<void> {
    if (changes.length === 0) return;
    const at = now();
    const rows: Insertable<MemberProfileChangesTable>[] = changes.map((change) => ({
      id: uuidv7(),
      merchant_id: actor.merchantId,
      member_id: actor.memberId,
      field: change.field,
      before: change.before,
      after: change.after,
      actor_type: 'member',
      actor_id: actor.memberId,
      created_at: at,
    }));
    await insertProfileChanges(trx, rows);
    const shown = (change: (typeof changes)[number], value: string | null) =>
      value === null || !change.masked
        ? value
        : change.field === 'email'
          ? maskEmail(value)
          : maskPhone(value);
    await recordChange(trx, {
      actor: { id: actor.memberId, name: actor.account },
      merchantId: actor.merchantId,
      action: 'member.profile',
      target: { type: 'member', id: actor.memberId },
      before: Object.fromEntries(changes.map((change) => [change.field, shown(change, change.before)])),
      after: Object.fromEntries(changes.map((change) => [change.field, shown(change, change.after)])),
      ip: actor.ip,
    });
  }

  return {
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
        const changed = EDITABLE_PROFILE_FIELDS.filter(
          (field) => changes[field] !== undefined && changes[field] !== before[field],
        );
        const at = now();
        if (changed.includes('birthday')) {
          const birthday = changes.birthday;
          if (
            before.birthday !== null ||
            !birthday ||
            !(await setBirthdayWhileUnset(trx, member.id, birthday, at))
          ) {
            throw new AppError('CONFLICT', { value: { reason: 'BIRTHDAY_SET' } });
          }
        }
        const columns: Updateable<MembersTable> = {};
        for (const [field, column] of Object.entries(COLUMN_OF) as [keyof typeof COLUMN_OF, string][]) {
          if (changed.includes(field)) Object.assign(columns, { [column]: changes[field] ?? null });
        }
        if (Object.keys(columns).length > 0) {
          await updateProfileColumns(trx, member.id, { ...columns, updated_at: at });
        }
        const contacts = CONTACT_FIELDS.filter((field) => changed.includes(field));
        if (contacts.length > 0) {
          await updateContactEntries(
            trx,
            member.id,
            Object.fromEntries(contacts.map((field) => [field, changes[field] ?? null])),
          );
        }
        await recordChanges(
          trx,
          actor,
          changed.map((field) => ({ field, before: before[field], after: changes[field] ?? null })),
        );
        return { ...before, ...Object.fromEntries(changed.map((field) => [field, changes[field] ?? null])) };
      });
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
        await recordChanges(trx, actor, [
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
          await recordChanges(trx, actor, [
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
