import { beforeEach, expect, it } from 'vitest';
import { useModalStore } from './modal-store';

beforeEach(() => useModalStore.getState().closeAll());

it('modals open by name, stack in order, and reopening one brings it forward with its new props', () => {
  const { openModal, closeModal } = useModalStore.getState();
  openModal('noticeModal', { index: 0 });
  openModal('loginPopupModal');
  openModal('noticeModal', { index: 2 });
  expect(useModalStore.getState().stack).toEqual([
    { name: 'loginPopupModal', props: {} },
    { name: 'noticeModal', props: { index: 2 } },
  ]);
  closeModal('loginPopupModal');
  expect(useModalStore.getState().stack.map((entry) => entry.name)).toEqual(['noticeModal']);
});

it('reopening an open modal without props keeps the props it was handed', () => {
  const { openModal } = useModalStore.getState();
  openModal('loginPopupModal', { notice: { message: 'Refused', code: 'SOCIAL_LOGIN_FAILED' } });
  openModal('loginPopupModal');
  expect(useModalStore.getState().stack).toEqual([
    { name: 'loginPopupModal', props: { notice: { message: 'Refused', code: 'SOCIAL_LOGIN_FAILED' } } },
  ]);
});
