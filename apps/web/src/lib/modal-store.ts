import { create } from 'zustand';

/** The named modals of spec §2, opened by name through this store and rendered by one host. */
export type ModalName =
  | 'publicModal'
  | 'noticeModal'
  | 'loginPopupModal'
  | 'registerModal'
  | 'changePassModal'
  | 'forgetPassModal'
  | 'helpModal'
  | 'license'
  | 'gamePopup'
  | 'contract'
  | 'chatRoom'
  | 'memberCentre'
  | 'agentCentre';

export type ModalProps = {
  noticeModal: { index: number };
  /** With a reset token the form sets a new password without the old one (the emailed link). */
  changePassModal: { resetToken?: string };
  helpModal: { anchor?: string };
  license: { imageUrl: string | null; title?: string };
  gamePopup: { url: string; title: string };
};

export type OpenModal = { name: ModalName; props: Record<string, unknown> };

type ModalState = {
  stack: OpenModal[];
  openModal: <Name extends ModalName>(
    name: Name,
    ...props: Name extends keyof ModalProps ? [ModalProps[Name]] : []
  ) => void;
  closeModal: (name: ModalName) => void;
  closeAll: () => void;
};

export const useModalStore = create<ModalState>((set) => ({
  stack: [],
  openModal: (name, ...props) =>
    set((state) => ({
      // Opening a modal that is already open brings it forward with its new props.
      stack: [
        ...state.stack.filter((entry) => entry.name !== name),
        { name, props: { ...(props[0] ?? {}) } },
      ],
    })),
  closeModal: (name) => set((state) => ({ stack: state.stack.filter((entry) => entry.name !== name) })),
  closeAll: () => set({ stack: [] }),
}));
