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
