import { Field } from '../../components/editor-fields.tsx';
import { agentTypeNameOf } from './agent-names.ts';
import type { AgentType } from './agents-api.ts';

/** What makes a member an agent, in both places that do it (make an agent, approve an application). */
export type AgentPlacement = {
  type: AgentType['type'];
  uplineAccount: string;
  invitationCode: string;
};

/**
 * The agent type, upline account and invitation code fields; `typeFieldName` is the name the
 * server's field errors use for the type.
 */
export function AgentPlacementFields(props: {
  types: readonly AgentType[];
  value: AgentPlacement;
  onChange: (next: AgentPlacement) => void;
  errors: Record<string, string>;
  typeFieldName: string;
}) {
  const { value, onChange, errors } = props;
  return (
    <>
      <Field label="Agent type" name={props.typeFieldName} errors={errors}>
        <select
          value={value.type}
          onChange={(event) => onChange({ ...value, type: Number(event.target.value) as AgentType['type'] })}
        >
          {props.types.map((option) => (
            <option key={option.type} value={option.type}>
              {agentTypeNameOf(props.types, option.type)}
            </option>
          ))}
        </select>
      </Field>
      <Field
        label="Upline agent account"
        name="uplineId"
        errors={errors}
        hint="Leave empty for a top agent. The upline's type must allow sub-agents."
      >
        <input
          maxLength={64}
          value={value.uplineAccount}
          onChange={(event) => onChange({ ...value, uplineAccount: event.target.value })}
        />
      </Field>
      <Field
        label="Invitation code"
        name="invitationCode"
        errors={errors}
        hint="4 to 16 letters and digits; the agent's links carry it."
      >
        <input
          required
          maxLength={16}
          pattern="[A-Za-z0-9]{4,16}"
          value={value.invitationCode}
          onChange={(event) => onChange({ ...value, invitationCode: event.target.value })}
        />
      </Field>
    </>
  );
}
