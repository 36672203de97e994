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
  | 'chatRoom';
// Spec §2's member-centre and agent-centre modals join with their features.

export type ModalProps = {
  /** A message to show on opening, such as why a sign-in through Google did not finish. */
  loginPopupModal: {
    notice?: { message: string; code?: string };
    /** Opened from the agent area: the login is an agent's (spec §4 agentPage), refused to others. */
    agentPage?: boolean;
  };
  noticeModal: { index: number };
  /** With a reset token the form sets a new password without the old one (the emailed link). */
  changePassModal: { resetToken?: string };
  helpModal: { anchor?: string };
  license: { imageUrl: string | null; title?: string };
  gamePopup: { url: string; title: string };
  /** Our chat page's address on the merchant's site (GET /wps/chat/launch). */
  chatRoom: { url: string };
};

export type OpenModal = { name: ModalName; props: Record<string, unknown> };

type ModalState = {
  stack: OpenModal[];
  openModal: <Name extends ModalName>(
    name: Name,
    ...props: Name extends keyof ModalProps
      ? // Props that are all optional may be left out.
        Partial<ModalProps[Name]> extends ModalProps[Name]
        ? [ModalProps[Name]?]
        : [ModalProps[Name]]
      : []
  ) => void;
  closeModal: (name: ModalName) => void;
  closeAll: () => void;
};

export const useModalStore = create<ModalState>((set) => ({
  stack: [],
  openModal: (name, ...props) =>
    set((state) => {
      // Opening a modal that is already open brings it forward; new props are laid over the ones
      // it has, so a route reopening it bare keeps what an earlier call handed it.
      const open = state.stack.find((entry) => entry.name === name);
      return {
        stack: [
          ...state.stack.filter((entry) => entry.name !== name),
          { name, props: { ...open?.props, ...(props[0] ?? {}) } },
        ],
      };
    }),
  closeModal: (name) => set((state) => ({ stack: state.stack.filter((entry) => entry.name !== name) })),
  closeAll: () => set({ stack: [] }),
}));
