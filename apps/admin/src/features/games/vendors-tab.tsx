import { useState } from 'react';
import { EmptyState } from '../../components/query-state.tsx';
import { numberHeading, QueryTable } from '../../components/query-table.tsx';
import {
  GAME_NAME_LENGTH_MAX,
  SORT_ORDER_MAX,
  useVendorChange,
  useVendors,
  type Vendor,
  type VendorChange,
  type VendorStatus,
} from './games-api.ts';
import { failureOf, fieldErrorsOf, type TabProps } from './notice.ts';
import { STATUS_LABELS, StatusChip } from './status-chip.tsx';

const VENDOR_STATUSES: readonly VendorStatus[] = ['active', 'maintenance', 'disabled'];

/** The merchant's vendors: status in place, the in-house list switch, and name and order edits. */
export function VendorsTab(props: TabProps) {
  const vendors = useVendors(props.merchantId);
  const change = useVendorChange();
  const [editingId, setEditingId] = useState<string | null>(null);

  async function changeVendor(vendor: Vendor, patch: VendorChange, title: string) {
    props.onNotice(null);
    try {
      await change.mutateAsync({ id: vendor.id, change: patch });
      props.onNotice({ tone: 'success', title });
      return {};
    } catch (error) {
      props.onNotice(failureOf(error));
      return fieldErrorsOf(error);
    }
  }

  return (
    <QueryTable
      query={vendors}
      rows={vendors.data ?? []}
      testId="vendors-table"
      headings={[
        'Vendor',
        'Code',
        'Status',
        'In-house list',
        'Bonus money',
        numberHeading('Order'),
        numberHeading('Games'),
        'Actions',
      ]}
      renderRow={(vendor) =>
        editingId === vendor.id ? (
          <VendorEditRow
            vendor={vendor}
            isSaving={change.isPending}
            onCancel={() => setEditingId(null)}
            onSave={async (patch) => {
              const errors = await changeVendor(vendor, patch, `${patch.name ?? vendor.name}: saved.`);
              if (Object.keys(errors).length === 0) setEditingId(null);
              return errors;
            }}
          />
        ) : (
          <tr>
            <td>
              <strong>{vendor.name}</strong>
            </td>
            <td className="mono">{vendor.vassalage}</td>
            <td>
              <StatusChip
                label={`Status of ${vendor.name}`}
                value={vendor.status}
                options={VENDOR_STATUSES}
                canWrite={props.canWrite}
                isBusy={change.isPending}
                onChange={(status) =>
                  void changeVendor(vendor, { status }, `${vendor.name}: ${STATUS_LABELS[status]}.`)
                }
              />
            </td>
            <td>
              <label className="check">
                <input
                  type="checkbox"
                  checked={vendor.isInHouse}
                  disabled={!props.canWrite || change.isPending}
                  aria-label={`${vendor.name} in the in-house list`}
                  onChange={(event) =>
                    void changeVendor(
                      vendor,
                      { isInHouse: event.target.checked },
                      event.target.checked
                        ? `${vendor.name}: its RNG games now list under INHOUSE.`
                        : `${vendor.name}: its RNG games list under RNG again.`,
                    )
                  }
                />
                <span className="small muted">RNG → INHOUSE</span>
              </label>
            </td>
            <td>
              <BonusPlayableSwitch
                vendor={vendor}
                isDisabled={!props.canWrite || change.isPending}
                onChange={(isBonusPlayable) =>
                  void changeVendor(
                    vendor,
                    { isBonusPlayable },
                    isBonusPlayable
                      ? `${vendor.name}: bonus money may now be staked there; it sees cash and bonus as the balance.`
                      : `${vendor.name}: cash only again; bonus money no longer plays there.`,
                  )
                }
              />
            </td>
            <td className="number">{vendor.sortOrder}</td>
            <td className="number">{vendor.games}</td>
            <td>
              {props.canWrite && (
                <button
                  className="button button--quiet button--small"
                  type="button"
                  onClick={() => setEditingId(vendor.id)}
                >
                  Rename or reorder
                </button>
              )}
            </td>
          </tr>
        )
      }
      empty={
        <EmptyState title="No vendors yet.">
          Vendors appear here once their catalogue is registered.
        </EmptyState>
      }
    />
  );
}

/**
 * Whether bonus money may be staked at a vendor (docs/promotions.md "The money rules"): only a
 * seamless vendor, which asks our wallet for every stake, can be told; a transfer-wallet vendor
 * holds cash moved to it, and bonus money never moves there.
 */
function BonusPlayableSwitch(props: {
  vendor: Vendor;
  isDisabled: boolean;
  onChange: (isBonusPlayable: boolean) => void;
}) {
  const { vendor } = props;
  if (vendor.walletMode !== 'seamless') {
    return <span className="small muted">Cash only (transfer wallet)</span>;
  }
  return (
    <label className="check">
      <input
        type="checkbox"
        checked={vendor.isBonusPlayable}
        disabled={props.isDisabled}
        aria-label={`Bonus money may be staked at ${vendor.name}`}
        onChange={(event) => props.onChange(event.target.checked)}
      />
      <span className="small muted">Bonus-playable</span>
    </label>
  );
}

function VendorEditRow(props: {
  vendor: Vendor;
  isSaving: boolean;
  onCancel: () => void;
  onSave: (patch: { name: string; sortOrder: number }) => Promise<Record<string, string>>;
}) {
  const [name, setName] = useState(props.vendor.name);
  const [order, setOrder] = useState(String(props.vendor.sortOrder));
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function save() {
    const found: Record<string, string> = {};
    if (name.trim() === '') found.name = 'Enter a display name.';
    if (!/^\d+$/.test(order) || Number(order) > SORT_ORDER_MAX) {
      found.sortOrder = `A whole number from 0 to ${SORT_ORDER_MAX}.`;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setErrors(await props.onSave({ name: name.trim(), sortOrder: Number(order) }));
  }

  return (
    <tr className="table__row--open">
      <td>
        <label className="field field--compact">
          <span className="field__label">Display name</span>
          <input
            value={name}
            maxLength={GAME_NAME_LENGTH_MAX}
            aria-invalid={errors.name ? true : undefined}
            onChange={(event) => setName(event.target.value)}
          />
          {errors.name && <span className="field__error">{errors.name}</span>}
        </label>
      </td>
      <td className="mono">{props.vendor.vassalage}</td>
      <td colSpan={3} />
      <td>
        <label className="field field--compact">
          <span className="field__label">Order</span>
          <input
            inputMode="numeric"
            size={6}
            value={order}
            aria-invalid={errors.sortOrder ? true : undefined}
            onChange={(event) => setOrder(event.target.value.trim())}
          />
          {errors.sortOrder && <span className="field__error">{errors.sortOrder}</span>}
        </label>
      </td>
      <td />
      <td className="row-actions">
        <button
          className="button button--primary button--small"
          type="button"
          disabled={props.isSaving}
          onClick={() => void save()}
        >
          Save
        </button>
        <button className="button button--quiet button--small" type="button" onClick={props.onCancel}>
          Cancel
        </button>
      </td>
    </tr>
  );
}
