import { useState } from 'react';
import { usePaymentPhoto } from './money-api.ts';

/** A private payment photo behind a button: loaded only when the operator asks to see it. */
export function PaymentPhoto(props: { path: string | null; label: string; alt: string }) {
  const [isOpen, setOpen] = useState(false);
  const photo = usePaymentPhoto(isOpen ? props.path : null);
  if (!props.path) return <span className="muted">—</span>;
  if (!isOpen) {
    return (
      <button type="button" className="button button--small button--quiet" onClick={() => setOpen(true)}>
        {props.label}
      </button>
    );
  }
  if (photo.isPending) return <span className="muted small">Loading…</span>;
  if (photo.isError) return <span className="small alert--danger">{photo.error.message}</span>;
  return (
    <a href={photo.data} target="_blank" rel="noreferrer">
      <img className="banner-thumb" src={photo.data} alt={props.alt} />
    </a>
  );
}
