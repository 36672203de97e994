import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../../db/schema.ts';

export type Channel = 'sms' | 'email';

export type OutgoingMessage = {
  merchantId: string;
  channel: Channel;
  /** E.164 phone number or email address. */
  destination: string;
  /** What it is for (register, noLogin, passwordReset, …): shown in the back office's outbox. */
  purpose: string;
  subject?: string;
  body: string;
};

export type Messenger = { send(message: OutgoingMessage): Promise<void> };

/** One way to deliver one channel: an SMS carrier's HTTP API, an SMTP relay. */
export type DeliveryProvider = { name: string; deliver(message: OutgoingMessage): Promise<void> };

export type MessagingConfig = {
  sms: { kind: 'outbox' } | { kind: 'http'; url: string; token: string | undefined };
  email: { kind: 'outbox' } | { kind: 'smtp'; url: string; from: string };
};

const HTTP_TIMEOUT_MS = 5_000;
const ERROR_TEXT_MAX = 500;

/**
 * Sends messages through the configured provider of each channel and keeps every one in the
 * outbox table: with the outbox provider that is the delivery (read by the back office and by
 * tests); with a real provider it is the record of what was sent and whether it failed.
 */
export function createMessenger(deps: {
  db: Kysely<Database>;
  config: MessagingConfig;
  fetch?: typeof fetch;
}): Messenger {
  const providers: Record<Channel, DeliveryProvider | null> = {
    sms:
      deps.config.sms.kind === 'http'
        ? createHttpSmsProvider({ ...deps.config.sms, fetch: deps.fetch ?? fetch })
        : null,
    email: deps.config.email.kind === 'smtp' ? createSmtpEmailProvider(deps.config.email) : null,
  };

  return {
    async send(message) {
      const provider = providers[message.channel];
      let status: 'stored' | 'sent' | 'failed' = 'stored';
      let error: string | null = null;
      if (provider) {
        try {
          await provider.deliver(message);
          status = 'sent';
        } catch (cause) {
          status = 'failed';
          error = (cause instanceof Error ? cause.message : String(cause)).slice(0, ERROR_TEXT_MAX);
        }
      }
      await deps.db
        .insertInto('outbox_messages')
        .values({
          id: uuidv7(),
          merchant_id: message.merchantId,
          channel: message.channel,
          destination: message.destination,
          purpose: message.purpose,
          subject: message.subject ?? null,
          body: message.body,
          provider: provider?.name ?? 'outbox',
          status,
          error,
        })
        .execute();
      if (status === 'failed') throw new Error(`${message.channel} delivery failed: ${error}`);
    },
  };
}

/**
 * An SMS carrier reached over HTTP: POST `{ to, text, reference }` as JSON with a bearer token;
 * any 2xx is accepted, anything else (or no answer within 5 s) is a failure.
 */
export function createHttpSmsProvider(options: {
  url: string;
  token: string | undefined;
  fetch: typeof fetch;
}): DeliveryProvider {
  return {
    name: 'http',
    async deliver(message) {
      const response = await options.fetch(options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
        body: JSON.stringify({ to: message.destination, text: message.body, reference: message.purpose }),
        signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    },
  };
}

const SMTP_TIMEOUT_MS = 10_000;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** Email through an SMTP relay (SMTP_URL, e.g. smtps://user:password@mail.example:465). */
export function createSmtpEmailProvider(options: { url: string; from: string }): DeliveryProvider {
  const url = new URL(options.url);
  url.searchParams.set('connectionTimeout', String(SMTP_TIMEOUT_MS));
  url.searchParams.set('greetingTimeout', String(SMTP_TIMEOUT_MS));
  url.searchParams.set('socketTimeout', String(SMTP_TIMEOUT_MS));
  const transport = nodemailer.createTransport(url.toString());
  return {
    name: 'smtp',
    async deliver(message) {
      await transport.sendMail({
        from: options.from,
        to: message.destination,
        subject: message.subject ?? '',
        text: message.body,
        // The same words as simple HTML, every character of the text escaped.
        html: `<div style="font-family:sans-serif;line-height:1.5">${escapeHtml(message.body).replace(/\n/g, '<br>')}</div>`,
      });
    },
  };
}
