import { useEffect } from 'react';
import { ChatPage } from '../features/chat/components/chat-page';
import { hideBootCover } from './boot-cover';

/** The chat page stands outside the shell, so it takes down index.html's loading cover itself. */
export function ChatRoute() {
  useEffect(() => hideBootCover(), []);
  return <ChatPage />;
}
