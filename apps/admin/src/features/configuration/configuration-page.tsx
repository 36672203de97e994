import { type FormEvent, useEffect, useState } from 'react';
import {
  Check,
  CodeSelectField,
  emptyLocalized,
  Field,
  fieldErrorsOf,
  isoOrNull,
  LocalizedFields,
  type LocalizedValue,
  TEXT_LANGUAGES,
  toLocalInput,
} from '../../components/editor-fields.tsx';
import {
  type MerchantScope,
  MerchantTabsHeader,
  useMerchantTabs,
} from '../../components/merchant-picker.tsx';
import { ErrorState } from '../../components/query-state.tsx';
import { numberHeading, TableHead } from '../../components/query-table.tsx';
import { failureNotice } from '../../components/row-editor.tsx';
import {
  type BetsAndAgents,
  describeValidBetRules,
  HEDGED_BACCARAT_CHOICES,
  OVERDUE_HOURS_MAX,
  OVERDUE_HOURS_MIN,
  PUSH_CHOICES,
  readOverdueHours,
} from './bets-and-agents.ts';
import {
  type ConfigSection,
  type RegisterRule,
  type SectionChange,
  type SwitchNode,
  useMerchantConfig,
  useSaveSection,
} from './configuration-api.ts';
import { FeedbackSettingsForm } from './feedback-settings-form.tsx';
import { PointsSettingsForm, RebateSettingsForm, VipSettingsForm } from './loyalty-settings-forms.tsx';
import { readPromotionSettings } from './promotion-settings.ts';
import { SaveButton, type SectionProps } from './section-form.tsx';
import { CustomerServiceEditor, ResourcesEditor } from './site-entries-editor.tsx';

const TABS = [
  ['system-status', 'System status'],
  ['whitelabel', 'Switches'],
  ['register', 'Register rules'],
  ['general', 'General'],
  ['domains', 'Domains'],
  ['social-login', 'Social login'],
  ['account-creation', 'New accounts'],
  ['bets-and-agents', 'Bets and agents'],
  ['feedback', 'Feedback'],
  ['promotions', 'Promotions'],
  ['vip', 'VIP'],
  ['rebate', 'Rebates'],
  ['points', 'Points'],
  ['customer-service', 'Customer service'],
  ['resources', 'Resources'],
] as const satisfies readonly (readonly [ConfigSection | RowSection, string])[];
/** Sections edited row by row (each row saves alone) rather than saved whole. */
type RowSection = 'customer-service' | 'resources';

/** A merchant's configuration, one tab per section; each section saves whole, with its audit row. */
export function ConfigurationPage(props: MerchantScope & { canWrite: boolean }) {
  const page = useMerchantTabs<ConfigSection | RowSection>(props, 'system-status');
  const { merchantId, tab, setNotice } = page;
  const config = useMerchantConfig(merchantId);
  const save = useSaveSection(merchantId);

  async function saveSection(change: SectionChange, title: string) {
    setNotice(null);
    try {
      await save.mutateAsync(change);
      setNotice({ tone: 'success', title });
    } catch (error) {
      setNotice(failureNotice(error));
    }
  }

  return (
    <div className="page">
      <MerchantTabsHeader scope={props} label="Configuration sections" tabs={TABS} page={page} />
      {tab === 'customer-service' ? (
        <CustomerServiceEditor
          key={merchantId}
          merchantId={merchantId}
          canWrite={props.canWrite}
          onNotice={setNotice}
        />
      ) : tab === 'resources' ? (
        <ResourcesEditor
          key={merchantId}
          merchantId={merchantId}
          canWrite={props.canWrite}
          onNotice={setNotice}
        />
      ) : config.isError ? (
        <ErrorState error={config.error} onRetry={() => void config.refetch()} />
      ) : config.isPending ? (
        <p className="muted">Loading the configuration…</p>
      ) : (
        <Section
          key={`${merchantId}-${tab}`}
          tab={tab}
          config={config.data}
          canWrite={props.canWrite}
          isSaving={save.isPending}
          fieldErrors={fieldErrorsOf(save.error)}
          onSave={(change, title) => void saveSection(change, title)}
          onOpenTab={page.openTab}
        />
      )}
    </div>
  );
}

function Section(props: SectionProps & { tab: ConfigSection; onOpenTab: (tab: ConfigSection) => void }) {
  switch (props.tab) {
    case 'system-status':
      return <SystemStatusForm {...props} />;
    case 'whitelabel':
      return <SwitchesForm {...props} />;
    case 'register':
      return <RegisterRulesForm {...props} />;
    case 'general':
      return <GeneralForm {...props} />;
    case 'domains':
      return <DomainsForm {...props} />;
    case 'social-login':
      return <SocialLoginForm {...props} />;
    case 'account-creation':
      return <AccountCreationForm {...props} />;
    case 'bets-and-agents':
      return <BetsAndAgentsForm {...props} />;
    case 'feedback':
      return <FeedbackSettingsForm {...props} />;
    case 'promotions':
      return <PromotionSettingsForm {...props} />;
    case 'vip':
      return <VipSettingsForm {...props} />;
    case 'rebate':
      return <RebateSettingsForm {...props} onOpenSwitches={() => props.onOpenTab('whitelabel')} />;
    case 'points':
      return <PointsSettingsForm {...props} />;
  }
}

const lines = (text: string) =>
  text
    .split(/[\n,]/)
    .map((line) => line.trim())
    .filter(Boolean);

/** The server's field messages reach this form as the page's notice, not beside the fields. */
const NO_FIELD_ERRORS: Record<string, string> = {};

function SystemStatusForm(props: SectionProps) {
  const { maintenance, regionRestriction, closedEverywhere } = props.config.systemStatus;
  const [enabled, setEnabled] = useState(maintenance.enabled);
  const [title, setTitle] = useState<LocalizedValue>({ ...emptyLocalized(), ...maintenance.title });
  const [message, setMessage] = useState<LocalizedValue>({ ...emptyLocalized(), ...maintenance.message });
  const [startsAt, setStartsAt] = useState(toLocalInput(maintenance.startsAt));
  const [endsAt, setEndsAt] = useState(toLocalInput(maintenance.endsAt));
  const [regionOn, setRegionOn] = useState(regionRestriction.enabled);
  const [countries, setCountries] = useState(regionRestriction.blockedCountries.join('\n'));
  const [blocked, setBlocked] = useState(regionRestriction.blockedCidrs.join('\n'));
  const [allowed, setAllowed] = useState(regionRestriction.allowCidrs.join('\n'));

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    props.onSave(
      {
        section: 'system-status',
        body: {
          maintenance: {
            enabled,
            title,
            message,
            startsAt: isoOrNull(startsAt),
            endsAt: isoOrNull(endsAt),
          },
          regionRestriction: {
            enabled: regionOn,
            blockedCountries: lines(countries).map((code) => code.toUpperCase()),
            blockedCidrs: lines(blocked),
            allowCidrs: lines(allowed),
          },
        },
      },
      'System status saved. Players see it within seconds.',
    );
  }

  return (
    <form className="panel form-grid" onSubmit={handleSubmit} aria-label="System status">
      <h2>Maintenance</h2>
      {closedEverywhere && (
        <p className="alert alert--danger">This site is closed to every region (status 2).</p>
      )}
      <Check isOn={enabled} onChange={setEnabled}>
        Maintenance now (players see the maintenance page)
      </Check>
      <LocalizedFields
        label="Title"
        name="maintenance.title"
        value={title}
        onChange={setTitle}
        errors={NO_FIELD_ERRORS}
        maxLength={200}
      />
      <fieldset className="localized">
        <legend className="field__label">Message</legend>
        <div className="field-row">
          {TEXT_LANGUAGES.map(([code, languageLabel]) => (
            <label key={code} className="field">
              <span className="field__label small">{languageLabel}</span>
              <textarea
                rows={3}
                aria-label={`Message (${code})`}
                value={message[code] ?? ''}
                maxLength={2000}
                onChange={(event) => setMessage({ ...message, [code]: event.target.value })}
              />
            </label>
          ))}
        </div>
      </fieldset>
      <p className="muted small">
        Players read the notice in their own language; a language left blank shows the default language's
        text.
      </p>
      <div className="field-row">
        <label className="field">
          <span className="field__label">Scheduled from</span>
          <input
            type="datetime-local"
            value={startsAt}
            onChange={(event) => setStartsAt(event.target.value)}
          />
        </label>
        <label className="field">
          <span className="field__label">Scheduled until</span>
          <input type="datetime-local" value={endsAt} onChange={(event) => setEndsAt(event.target.value)} />
        </label>
      </div>
      <h2>Region restriction</h2>
      <Check isOn={regionOn} onChange={setRegionOn}>
        Keep out the countries and ranges below (the allow list always gets in)
      </Check>
      <div className="field-row">
        <label className="field">
          <span className="field__label">Blocked countries (ISO codes, one a line)</span>
          <textarea rows={4} value={countries} onChange={(event) => setCountries(event.target.value)} />
        </label>
        <label className="field">
          <span className="field__label">Blocked IP ranges (CIDR)</span>
          <textarea rows={4} value={blocked} onChange={(event) => setBlocked(event.target.value)} />
        </label>
        <label className="field">
          <span className="field__label">Allow list (CIDR)</span>
          <textarea rows={4} value={allowed} onChange={(event) => setAllowed(event.target.value)} />
        </label>
      </div>
      <SaveButton canWrite={props.canWrite} isSaving={props.isSaving} />
    </form>
  );
}

function SwitchesForm(props: SectionProps) {
  const [tree, setTree] = useState(props.config.whitelabel as SwitchNode[]);
  const toggle = (nodes: SwitchNode[], modId: string): SwitchNode[] =>
    nodes.map((node) =>
      node.modId === modId
        ? { ...node, enabled: !node.enabled }
        : { ...node, children: toggle(node.children, modId) },
    );
  const render = (nodes: SwitchNode[], depth: number) =>
    nodes.map((node) => (
      <li key={node.modId} style={{ paddingLeft: depth * 20 }}>
        <label className="check">
          <input
            type="checkbox"
            checked={node.enabled}
            disabled={!props.canWrite}
            onChange={() => setTree((current) => toggle(current, node.modId))}
          />
          <span className="mono">{node.modId}</span>
        </label>
        {node.children.length > 0 && <ul className="switch-tree">{render(node.children, depth + 1)}</ul>}
      </li>
    ));
  return (
    <form
      className="panel form-grid"
      aria-label="Switches"
      onSubmit={(event) => {
        event.preventDefault();
        props.onSave({ section: 'whitelabel', body: { whitelabel: tree } }, 'Switches saved.');
      }}
    >
      <p className="muted small">A switch is on for players only when every switch above it is on too.</p>
      <ul className="switch-tree">{render(tree, 0)}</ul>
      <SaveButton canWrite={props.canWrite} isSaving={props.isSaving} />
    </form>
  );
}

function RegisterRulesForm(props: SectionProps) {
  const [rules, setRules] = useState(props.config.register);
  const change = (index: number, patch: Partial<RegisterRule>) =>
    setRules((current) => current.map((rule, at) => (at === index ? { ...rule, ...patch } : rule)));
  const numberOf = (value: string) => Math.max(0, Math.min(255, Number.parseInt(value, 10) || 0));
  const tickCell = (rule: RegisterRule, index: number, key: 'enabled' | 'required', words: string) => (
    <td>
      <input
        type="checkbox"
        aria-label={`${rule.field} ${words}`}
        checked={rule[key]}
        disabled={!props.canWrite}
        onChange={(event) => change(index, { [key]: event.target.checked })}
      />
    </td>
  );
  const lengthCell = (rule: RegisterRule, index: number, key: 'minLength' | 'maxLength', words: string) => (
    <td className="number">
      <input
        type="number"
        aria-label={`${rule.field} ${words} length`}
        min={0}
        max={255}
        value={rule[key]}
        disabled={!props.canWrite}
        onChange={(event) => change(index, { [key]: numberOf(event.target.value) })}
      />
    </td>
  );
  return (
    <form
      className="panel"
      aria-label="Register rules"
      onSubmit={(event) => {
        event.preventDefault();
        props.onSave({ section: 'register', body: { rules } }, 'Register rules saved.');
      }}
    >
      <div className="table-wrap">
        <table className="table">
          <TableHead
            headings={[
              'Field',
              'Shown',
              'Required',
              'Pattern',
              numberHeading('Min'),
              numberHeading('Max'),
              'Type',
              'Locked after registration',
            ]}
          />
          <tbody>
            {rules.map((rule, index) => (
              <tr key={rule.field} data-testid={`rule-${rule.field}`}>
                <td className="mono">{rule.field}</td>
                {tickCell(rule, index, 'enabled', 'shown')}
                {tickCell(rule, index, 'required', 'required')}
                <td>
                  <input
                    className="mono"
                    aria-label={`${rule.field} pattern`}
                    value={rule.acceptedPattern}
                    maxLength={300}
                    disabled={!props.canWrite}
                    onChange={(event) => change(index, { acceptedPattern: event.target.value })}
                  />
                </td>
                {lengthCell(rule, index, 'minLength', 'minimum')}
                {lengthCell(rule, index, 'maxLength', 'maximum')}
                <td className="muted">{rule.type}</td>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`${rule.field} locked after registration`}
                    checked={rule.lockedAfterRegistration === true}
                    disabled={!props.canWrite}
                    onChange={(event) => change(index, { lockedAfterRegistration: event.target.checked })}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted small">
        Locked after registration: the player sees the field read-only in the security centre, with a note to
        ask customer service, and the server refuses a change. Nickname, birthday, Telegram, Zalo, address,
        nationality, occupation, source of income, email and mobile are the fields players edit there.
      </p>
      <SaveButton canWrite={props.canWrite} isSaving={props.isSaving} />
    </form>
  );
}

/** A labelled box for a whole number; what cannot be read as one counts as 0. */
function WholeNumberField(props: {
  label: string;
  value: number;
  min?: number;
  max?: number;
  onChange: (value: number) => void;
}) {
  return (
    <label className="field">
      <span className="field__label">{props.label}</span>
      <input
        type="number"
        min={props.min}
        max={props.max}
        value={props.value}
        onChange={(event) => props.onChange(Number.parseInt(event.target.value, 10) || 0)}
      />
    </label>
  );
}

function GeneralForm(props: SectionProps) {
  const [general, setGeneral] = useState(props.config.general);
  useEffect(() => setGeneral(props.config.general), [props.config.general]);
  const text = (
    name: 'name' | 'currency' | 'currencySymbol' | 'timeZone' | 'defaultLanguage' | 'mainDomain' | 'siteName',
    label: string,
  ) => (
    <label className="field">
      <span className="field__label">{label}</span>
      <input
        value={general[name]}
        onChange={(event) => setGeneral({ ...general, [name]: event.target.value })}
      />
    </label>
  );
  return (
    <form
      className="panel form-grid"
      aria-label="General"
      onSubmit={(event) => {
        event.preventDefault();
        props.onSave({ section: 'general', body: general }, 'General settings saved.');
      }}
    >
      <div className="field-row">
        {text('name', 'Merchant name')}
        {text('siteName', 'Site name')}
        {text('mainDomain', 'Main domain')}
      </div>
      <div className="field-row">
        {text('currency', 'Currency')}
        {text('currencySymbol', 'Currency symbol')}
        {text('timeZone', 'Time zone')}
        {text('defaultLanguage', 'Default language')}
      </div>
      <div className="field-row">
        <label className="field">
          <span className="field__label">Languages (codes)</span>
          <input
            value={general.languages.join(', ')}
            onChange={(event) => setGeneral({ ...general, languages: lines(event.target.value) })}
          />
        </label>
        <WholeNumberField
          label="Minimum age"
          min={18}
          max={25}
          value={general.minimumAge}
          onChange={(minimumAge) => setGeneral({ ...general, minimumAge })}
        />
        <WholeNumberField
          label="Idle timeout (min)"
          value={general.session.idleMinutes}
          onChange={(idleMinutes) => setGeneral({ ...general, session: { ...general.session, idleMinutes } })}
        />
        <WholeNumberField
          label="Session lifetime (min)"
          value={general.session.absoluteMinutes}
          onChange={(absoluteMinutes) =>
            setGeneral({ ...general, session: { ...general.session, absoluteMinutes } })
          }
        />
        <WholeNumberField
          label="Password expiry (days, 0 never)"
          value={general.passwordExpiryDays}
          onChange={(passwordExpiryDays) => setGeneral({ ...general, passwordExpiryDays })}
        />
      </div>
      <p className="muted small">
        Minimum age, 18 to 25 (21 in the Philippines): the register form's age confirmation states it, and a
        birthday asked at registration or set on the VIP page must reach it by today in the merchant's time
        zone. The confirmation is not age verification: check identity before the first withdrawal.
      </p>
      <div className="field-row">
        <label className="field">
          <span className="field__label">Age question: Leave goes to (https, optional)</span>
          <input
            type="url"
            maxLength={500}
            value={general.ageGateExitUrl ?? ''}
            placeholder="https://"
            onChange={(event) =>
              setGeneral({ ...general, ageGateExitUrl: event.target.value.trim() || null })
            }
          />
        </label>
      </div>
      <p className="muted small">
        The player site asks every new device to confirm the minimum age once. A visitor who chooses Leave
        goes to this address; left empty, the question is replaced by a notice that the site is for adults
        only.
      </p>
      <div className="field-row">
        <label className="field">
          <span className="field__label">Analytics id</span>
          <input
            value={general.analyticsId ?? ''}
            placeholder="G-XXXXXXX"
            onChange={(event) => setGeneral({ ...general, analyticsId: event.target.value.trim() || null })}
          />
        </label>
        <label className="field">
          <span className="field__label">Image CDNs (one a line)</span>
          <textarea
            rows={2}
            value={general.imageCDNs.join('\n')}
            onChange={(event) => setGeneral({ ...general, imageCDNs: lines(event.target.value) })}
          />
        </label>
        <label className="field">
          <span className="field__label">Launch CDNs (one a line)</span>
          <textarea
            rows={2}
            value={general.launchGameCDNs.join('\n')}
            onChange={(event) => setGeneral({ ...general, launchGameCDNs: lines(event.target.value) })}
          />
        </label>
      </div>
      <SaveButton canWrite={props.canWrite} isSaving={props.isSaving} />
    </form>
  );
}

function DomainsForm(props: SectionProps) {
  const [domains, setDomains] = useState(props.config.domains);
  const change = (index: number, patch: Partial<(typeof domains)[number]>) =>
    setDomains((current) => current.map((domain, at) => (at === index ? { ...domain, ...patch } : domain)));
  return (
    <form
      className="panel"
      aria-label="Domains"
      onSubmit={(event) => {
        event.preventDefault();
        props.onSave({ section: 'domains', body: { domains } }, 'Domains saved.');
      }}
    >
      <div className="table-wrap">
        <table className="table">
          <TableHead headings={['Domain', 'Route', 'Main (else mirror)', 'Scheme', 'Port', 'Actions']} />
          <tbody>
            {domains.map((domain, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows being typed have no identity yet.
              <tr key={index}>
                <td>
                  <input
                    aria-label="Domain"
                    value={domain.domain}
                    onChange={(event) => change(index, { domain: event.target.value })}
                  />
                </td>
                <td>
                  <select
                    aria-label="Route"
                    value={domain.route}
                    onChange={(event) => change(index, { route: event.target.value as typeof domain.route })}
                  >
                    <option>PLAYER</option>
                    <option>AGENT</option>
                    <option>MOBILE</option>
                  </select>
                </td>
                <td>
                  <input
                    type="checkbox"
                    aria-label="Main domain"
                    checked={domain.isMain}
                    onChange={(event) => change(index, { isMain: event.target.checked })}
                  />
                </td>
                <td>
                  <select
                    aria-label="Scheme"
                    title="With the port, the main origin that emailed links and payment callbacks name; none: the installation's PUBLIC_ORIGIN"
                    value={domain.scheme ?? ''}
                    onChange={(event) =>
                      change(index, {
                        scheme: event.target.value === '' ? null : (event.target.value as 'http' | 'https'),
                      })
                    }
                  >
                    <option value="">none</option>
                    <option value="https">https</option>
                    <option value="http">http</option>
                  </select>
                </td>
                <td>
                  <input
                    aria-label="Port"
                    inputMode="numeric"
                    size={6}
                    value={domain.port ?? ''}
                    onChange={(event) => {
                      const digits = event.target.value.replace(/\D/g, '').slice(0, 5);
                      change(index, { port: digits === '' ? null : Number(digits) });
                    }}
                  />
                </td>
                <td>
                  <button
                    className="button button--quiet button--small"
                    type="button"
                    onClick={() => setDomains((current) => current.filter((_, at) => at !== index))}
                  >
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <button
        className="button button--quiet button--small"
        type="button"
        onClick={() =>
          setDomains((current) => [
            ...current,
            { domain: '', route: 'PLAYER', isMain: false, scheme: null, port: null },
          ])
        }
      >
        Add a domain
      </button>
      <SaveButton canWrite={props.canWrite} isSaving={props.isSaving} />
    </form>
  );
}

function SocialLoginForm(props: SectionProps) {
  const [providers, setProviders] = useState(
    props.config.socialLogin.map((provider) => ({ ...provider, clientSecret: '' })),
  );
  const change = (index: number, patch: Partial<(typeof providers)[number]>) =>
    setProviders((current) =>
      current.map((provider, at) => (at === index ? { ...provider, ...patch } : provider)),
    );
  return (
    <form
      className="panel form-grid"
      aria-label="Social login"
      onSubmit={(event) => {
        event.preventDefault();
        props.onSave(
          {
            section: 'social-login',
            body: {
              providers: providers.map(({ clientSecretSet: _set, clientSecret, ...provider }) => ({
                ...provider,
                ...(clientSecret ? { clientSecret } : {}),
              })),
            },
          },
          'Social login saved.',
        );
      }}
    >
      {providers.length === 0 && <p className="muted">No provider yet.</p>}
      {providers.map((provider, index) => (
        <fieldset key={provider.provider} className="field-row">
          <legend className="mono">{provider.provider}</legend>
          <Check isOn={provider.enabled} onChange={(enabled) => change(index, { enabled })}>
            Enabled
          </Check>
          <label className="field">
            <span className="field__label">Issuer</span>
            <input
              value={provider.issuer}
              onChange={(event) => change(index, { issuer: event.target.value })}
            />
          </label>
          <label className="field">
            <span className="field__label">Client id</span>
            <input
              value={provider.clientId}
              onChange={(event) => change(index, { clientId: event.target.value })}
            />
          </label>
          <label className="field">
            <span className="field__label">
              Client secret {provider.clientSecretSet ? '(set)' : '(not set)'}
            </span>
            <input
              type="password"
              autoComplete="new-password"
              placeholder={provider.clientSecretSet ? 'set: type to replace' : ''}
              value={provider.clientSecret}
              onChange={(event) => change(index, { clientSecret: event.target.value })}
            />
          </label>
        </fieldset>
      ))}
      {(['google', 'facebook'] as const)
        .filter((name) => !providers.some((provider) => provider.provider === name))
        .map((name) => (
          <button
            key={name}
            type="button"
            className="button button--quiet button--small"
            onClick={() =>
              setProviders((current) => [
                ...current,
                {
                  provider: name,
                  enabled: false,
                  issuer: '',
                  clientId: '',
                  scopes: 'openid email profile',
                  clientSecretSet: false,
                  clientSecret: '',
                },
              ])
            }
          >
            Add {name}
          </button>
        ))}
      <SaveButton canWrite={props.canWrite} isSaving={props.isSaving} />
    </form>
  );
}

const ACCOUNT_CREATION_FIELDS = [
  ['registrationsPerAddress', 'Registrations per address'],
  ['registrationsPerDevice', 'Registrations per device'],
  ['trialsPerAddress', 'Free-play accounts per address'],
  ['trialsPerDevice', 'Free-play accounts per device'],
] as const;

/**
 * How many accounts one address (an IPv6 /64) or one device may open in the window before each
 * further one needs a captcha; never a refusal, since carriers put many subscribers behind one
 * address. 0 asks every new account for a captcha.
 */
function AccountCreationForm(props: SectionProps) {
  const [thresholds, setThresholds] = useState(props.config.accountCreation);
  useEffect(() => setThresholds(props.config.accountCreation), [props.config.accountCreation]);
  return (
    <form
      className="panel form-grid"
      aria-label="New accounts"
      onSubmit={(event) => {
        event.preventDefault();
        props.onSave({ section: 'account-creation', body: thresholds }, 'New-account thresholds saved.');
      }}
    >
      <p className="muted small">
        Past a threshold every further account from that address or device needs a captcha; nothing is
        refused. The device is a random id the site keeps in the browser: a script can drop it, so the address
        threshold is the one that holds.
      </p>
      <div className="field-row">
        <WholeNumberField
          label="Window (minutes)"
          min={1}
          max={10_080}
          value={thresholds.windowMinutes}
          onChange={(windowMinutes) => setThresholds({ ...thresholds, windowMinutes })}
        />
        {ACCOUNT_CREATION_FIELDS.map(([name, label]) => (
          <WholeNumberField
            key={name}
            label={label}
            min={0}
            value={thresholds[name]}
            onChange={(value) => setThresholds({ ...thresholds, [name]: value })}
          />
        ))}
      </div>
      <SaveButton canWrite={props.canWrite} isSaving={props.isSaving} />
    </form>
  );
}

/**
 * Vendors' rounds without a credit, what agents see of their team, and what counts as valid bet
 * in our own games. The hours are checked here first, and the server's messages show beside their
 * fields.
 */
function BetsAndAgentsForm(props: SectionProps) {
  const saved = props.config.betsAndAgents;
  const [overdueHours, setOverdueHours] = useState(String(saved.vendorRounds.overdueHours));
  const [showsBalances, setShowsBalances] = useState(saved.agents.showDownlineBalances);
  const [validBet, setValidBet] = useState<BetsAndAgents['validBet']>(saved.validBet);
  const [hoursError, setHoursError] = useState<string | null>(null);
  const errors = hoursError
    ? { ...props.fieldErrors, 'vendorRounds.overdueHours': hoursError }
    : props.fieldErrors;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const hours = readOverdueHours(overdueHours);
    if ('error' in hours) {
      setHoursError(hours.error);
      return;
    }
    setHoursError(null);
    props.onSave(
      {
        section: 'bets-and-agents',
        body: {
          vendorRounds: { overdueHours: hours.hours },
          agents: { showDownlineBalances: showsBalances },
          validBet,
        },
      },
      'Bets and agents saved. New rounds and agent pages follow them within seconds.',
    );
  }

  return (
    <form className="panel form-grid" onSubmit={handleSubmit} aria-label="Bets and agents" noValidate>
      <h2>Vendor rounds</h2>
      <Field
        label="Hours before a round without a credit is reported"
        name="vendorRounds.overdueHours"
        errors={errors}
        hint="A seamless vendor's round staked and still without a win, rollback or void after this many hours is listed in Reports → Vendor rounds without a credit, for you to ask the vendor about it."
      >
        <input
          type="number"
          inputMode="numeric"
          min={OVERDUE_HOURS_MIN}
          max={OVERDUE_HOURS_MAX}
          step={1}
          value={overdueHours}
          disabled={!props.canWrite}
          aria-invalid={errors['vendorRounds.overdueHours'] ? true : undefined}
          onChange={(event) => {
            setOverdueHours(event.target.value);
            setHoursError(null);
          }}
        />
      </Field>
      <h2>Agents</h2>
      <Check isOn={showsBalances} isDisabled={!props.canWrite} onChange={setShowsBalances}>
        Agents see their downlines' cash balances
      </Check>
      <p className="muted small">
        Off by default: agents see their players' names masked and no balances. On, the agent centre's
        downline list shows each member's cash balance.
      </p>
      <h2>Valid bet of our own games</h2>
      <p className="muted small">
        Valid bet is what counts for withdrawal turnover, rebates and agent contracts. These rules apply to
        our own baccarat and dragon tiger rounds settled from the moment you save; rounds already settled keep
        their figures, and vendors' bets always count their stake.
      </p>
      <div className="field-row">
        <CodeSelectField
          label="A hand staking both sides"
          name="validBet.hedgedBaccarat"
          errors={errors}
          value={validBet.hedgedBaccarat}
          codes={HEDGED_BACCARAT_CHOICES}
          isDisabled={!props.canWrite}
          hint="Baccarat's player and banker, dragon tiger's dragon and tiger, staked in one hand: only the difference is at risk. Tie and pair bets always count in full."
          onChange={(hedgedBaccarat) => setValidBet({ ...validBet, hedgedBaccarat })}
        />
        <CodeSelectField
          label="A stake handed back on a tie"
          name="validBet.pushes"
          errors={errors}
          value={validBet.pushes}
          codes={PUSH_CHOICES}
          isDisabled={!props.canWrite}
          hint="Baccarat's player and banker stakes come back when the hand ties."
          onChange={(pushes) => setValidBet({ ...validBet, pushes })}
        />
      </div>
      <p className="muted small" data-testid="valid-bet-example">
        {describeValidBetRules(validBet)}
      </p>
      <SaveButton canWrite={props.canWrite} isSaving={props.isSaving} />
    </form>
  );
}

/**
 * Promotions and bonuses: the highest wagering multiplier any bonus's terms may ask for (a
 * promotion's or a hand grant's), and what promotions and hand grants may give in all per merchant
 * day. Checked here first; the server's messages show beside their fields.
 */
function PromotionSettingsForm(props: SectionProps) {
  const saved = props.config.promotions;
  const [maxMultiplier, setMaxMultiplier] = useState(String(saved.maxMultiplier));
  const [budgetPerDay, setBudgetPerDay] = useState(saved.budgetPerDay ?? '');
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const errors = { ...props.fieldErrors, ...localErrors };

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const reading = readPromotionSettings({ maxMultiplier, budgetPerDay });
    if (!reading.ok) {
      setLocalErrors(reading.errors);
      return;
    }
    setLocalErrors({});
    props.onSave(
      { section: 'promotions', body: reading.settings },
      'Promotions saved. New grants and promotions saved from now follow them.',
    );
  }

  return (
    <form className="panel form-grid" onSubmit={handleSubmit} aria-label="Promotions" noValidate>
      <h2>Promotions and bonuses</h2>
      <Field
        label="Highest wagering multiplier"
        name="maxMultiplier"
        errors={errors}
        hint="1 to 50. The most a bonus's terms may ask players to wager, as a multiple of the bonus (and deposit). 10 is the strictest regulators' figure. Terms already saved keep theirs."
      >
        <input
          inputMode="numeric"
          maxLength={2}
          value={maxMultiplier}
          disabled={!props.canWrite}
          aria-invalid={errors.maxMultiplier ? true : undefined}
          onChange={(event) => setMaxMultiplier(event.target.value)}
        />
      </Field>
      <Field
        label="Budget per day"
        name="budgetPerDay"
        errors={errors}
        hint="What promotions and bonuses granted by hand may give in all per day in the merchant's time zone; a grant beyond it is refused until the next day. Blank: no cap. Each promotion may have a cap of its own too."
      >
        <input
          inputMode="decimal"
          maxLength={20}
          placeholder="No cap"
          value={budgetPerDay}
          disabled={!props.canWrite}
          aria-invalid={errors.budgetPerDay ? true : undefined}
          onChange={(event) => setBudgetPerDay(event.target.value)}
        />
      </Field>
      <SaveButton canWrite={props.canWrite} isSaving={props.isSaving} />
    </form>
  );
}
