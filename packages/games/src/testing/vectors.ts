// Loads the JSON fixtures that packages/games/vectors/generate.py computes from GAMES.md alone.

import { readFileSync } from 'node:fs';
import path from 'node:path';

const VECTORS_DIRECTORY = path.resolve(import.meta.dirname, '../../vectors');

export function readVectors<T>(fileName: string): T {
  return JSON.parse(readFileSync(path.join(VECTORS_DIRECTORY, fileName), 'utf8')) as T;
}
