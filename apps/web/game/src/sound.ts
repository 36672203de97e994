// Sound is off until the player turns it on; a net win then plays a short two-note chime, made with
// Web Audio so that no file is downloaded for it. Money returned is no win and plays nothing.

import { createContext } from 'react';

/** Whether the player turned the sound on (off by default); read when a result is said. */
export const SoundContext = createContext<{ readonly current: boolean }>({ current: false });

let context: AudioContext | null = null;

export function playWinSound(): void {
  try {
    context ??= new AudioContext();
    const start = context.currentTime;
    for (const [index, frequency] of [660, 880].entries()) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.08, start + index * 0.12);
      gain.gain.exponentialRampToValueAtTime(0.001, start + index * 0.12 + 0.2);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start + index * 0.12);
      oscillator.stop(start + index * 0.12 + 0.22);
    }
  } catch {
    // A browser without Web Audio plays nothing; the result is on the screen anyway.
  }
}
