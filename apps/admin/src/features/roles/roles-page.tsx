import { Lock, Plus, Save, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useConfirmedAction } from '../../components/confirm-dialog.tsx';
import { MerchantPicker } from '../../components/merchant-picker.tsx';
import { ErrorState } from '../../components/query-state.tsx';
import { BackOfficeError } from '../../lib/back-office-api.ts';
import { type Permission, type Role, useDeleteRole, useRoles, useSaveRole } from './roles-api.ts';

export type RolesPageProps = {
  /** Null for a platform owner, who picks the merchant whose custom roles to see. */
  ownMerchantId: string | null;
  merchants: { id: string; name: string }[];
  /** The caller's own permissions: nobody grants more than they hold. */
  permissions: Permission[];
  canWrite: boolean;
};

/** The area of a permission, from its name: staff.read → staff. */
const areaOf = (permission: string) => permission.split('.')[0] ?? permission;

/** Groups permissions by area, in the server's order, for the checklist. */
function groupByArea(permissions: Permission[]): [string, Permission[]][] {
  const groups = new Map<string, Permission[]>();
  for (const permission of permissions) {
    const area = areaOf(permission);
    groups.set(area, [...(groups.get(area) ?? []), permission]);
  }
  return [...groups.entries()];
}

/** Roles: the built-in ones (fixed) and a merchant's custom roles, with a permission checklist. */
export function RolesPage(props: RolesPageProps) {
  const [merchantId, setMerchantId] = useState(props.ownMerchantId ?? props.merchants[0]?.id ?? '');
  const roles = useRoles(props.ownMerchantId === null ? merchantId : '');
  const [selectedId, setSelectedId] = useState<string | null>('owner');
  const [isNew, setIsNew] = useState(false);
  const list = roles.data?.list ?? [];
  const selected = isNew ? null : (list.find((role) => role.id === selectedId) ?? null);

  return (
    <div className="page">
      <div className="toolbar">
        <MerchantPicker
          ownMerchantId={props.ownMerchantId}
          merchants={props.merchants}
          value={merchantId}
          onChange={setMerchantId}
        />
        <span className="toolbar__spacer" />
        {props.canWrite && (
          <button
            className="button button--primary"
            type="button"
            onClick={() => {
              setIsNew(true);
              setSelectedId(null);
            }}
          >
            <Plus size={16} aria-hidden="true" />
            New role
          </button>
        )}
      </div>
      {roles.isError ? (
        <ErrorState error={roles.error} onRetry={() => void roles.refetch()} />
      ) : (
        <div className="split">
          <ul className="role-list" aria-label="Roles">
            {roles.isPending &&
              ['a', 'b', 'c', 'd'].map((key) => (
                <li key={key} aria-hidden="true">
                  <span className="skeleton" />
                </li>
              ))}
            {list
              .filter((role) => role.builtin || role.merchantId === merchantId)
              .map((role) => (
                <li key={role.id}>
                  <button
                    type="button"
                    className={`role-list__item${role.id === selected?.id ? ' role-list__item--current' : ''}`}
                    aria-current={role.id === selected?.id ? 'true' : undefined}
                    onClick={() => {
                      setIsNew(false);
                      setSelectedId(role.id);
                    }}
                  >
                    <span>{role.name}</span>
                    <span className="muted small">
                      {role.builtin ? 'built-in' : 'custom'} · {role.permissions.length}
                    </span>
                  </button>
                </li>
              ))}
          </ul>
          {roles.data && (isNew || selected) && (
            <RoleEditor
              key={isNew ? 'new' : selected?.id}
              role={selected}
              allPermissions={roles.data.permissions}
              heldPermissions={props.permissions}
              canWrite={props.canWrite}
              merchantId={props.ownMerchantId === null ? merchantId : undefined}
              onSaved={(role) => {
                setIsNew(false);
                setSelectedId(role.id);
              }}
              onDeleted={() => setSelectedId('owner')}
            />
          )}
        </div>
      )}
    </div>
  );
}

function RoleEditor(props: {
  role: Role | null;
  allPermissions: Permission[];
  heldPermissions: Permission[];
  canWrite: boolean;
  merchantId: string | undefined;
  onSaved: (role: Role) => void;
  onDeleted: () => void;
}) {
  const { role } = props;
  const [name, setName] = useState(role?.name ?? '');
  const [checked, setChecked] = useState<Set<Permission>>(new Set(role?.permissions ?? []));
  const save = useSaveRole();
  const remove = useDeleteRole();
  const confirm = useConfirmedAction();
  const [saved, setSaved] = useState(false);
  const isReadOnly = !props.canWrite || role?.builtin === true;
  const held = new Set(props.heldPermissions);
  const fields = save.error instanceof BackOfficeError ? save.error.fields : {};
  const reasons = save.error instanceof BackOfficeError ? save.error.reasons : {};

  function toggle(permission: Permission) {
    setSaved(false);
    setChecked((current) => {
      const next = new Set(current);
      if (next.has(permission)) next.delete(permission);
      else next.add(permission);
      return next;
    });
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = await save
      .mutateAsync({
        id: role?.id ?? null,
        name: name.trim(),
        permissions: props.allPermissions.filter((permission) => checked.has(permission)),
        ...(props.merchantId ? { merchantId: props.merchantId } : {}),
      })
      .catch(() => null);
    if (result) {
      setSaved(true);
      props.onSaved(result);
    }
  }

  return (
    <form className="panel role-editor" onSubmit={handleSubmit} aria-label="Role">
      <div className="panel__heading">
        <label className="field field--inline">
          <span className="field__label">Name</span>
          <input
            required
            maxLength={40}
            readOnly={isReadOnly}
            value={name}
            aria-invalid={fields.name ? true : undefined}
            onChange={(event) => {
              setSaved(false);
              setName(event.target.value);
            }}
          />
          {fields.name && (
            <span className="field__error">
              {reasons.name === 'taken' ? 'Another role has this name.' : fields.name}
            </span>
          )}
        </label>
        {role?.builtin && (
          <span className="badge">
            <Lock size={12} aria-hidden="true" /> built-in, fixed
          </span>
        )}
      </div>
      <div className="permission-grid">
        {groupByArea(props.allPermissions).map(([area, permissions]) => (
          <fieldset key={area} className="permission-group">
            <legend>{area}</legend>
            {permissions.map((permission) => (
              <label key={permission} className="check">
                <input
                  type="checkbox"
                  checked={checked.has(permission)}
                  disabled={isReadOnly || !held.has(permission)}
                  onChange={() => toggle(permission)}
                />
                <span>{permission}</span>
              </label>
            ))}
          </fieldset>
        ))}
      </div>
      {!isReadOnly && (
        <p className="muted small">
          You can grant only permissions you hold yourself; the others are greyed out.
        </p>
      )}
      {save.isError && Object.keys(fields).length === 0 && <ErrorState error={save.error} />}
      {confirm.element}
      {saved && (
        <div className="alert alert--success" role="status">
          <strong>Saved.</strong>
        </div>
      )}
      {!isReadOnly && (
        <div className="form-grid__actions">
          {role && (
            <button
              className="button button--danger"
              type="button"
              disabled={remove.isPending}
              onClick={() =>
                confirm.ask({
                  title: `Delete the role ${role.name}?`,
                  confirmLabel: 'Delete',
                  tone: 'danger',
                  facts: [
                    ['Role', role.name],
                    ['Permissions', String(role.permissions.length)],
                  ],
                  run: async () => {
                    await remove.mutateAsync(role.id);
                    props.onDeleted();
                  },
                })
              }
            >
              <Trash2 size={16} aria-hidden="true" />
              Delete
            </button>
          )}
          <button className="button button--primary" type="submit" disabled={save.isPending}>
            <Save size={16} aria-hidden="true" />
            {role ? 'Save role' : 'Create role'}
          </button>
        </div>
      )}
    </form>
  );
}
