import { expect, it } from 'vitest';
import { throttleLeading } from './throttle';

it('a throttled action runs on the leading call only within its interval', () => {
  let now = 0;
  const calls: number[] = [];
  const throttled = throttleLeading(
    (value: number) => calls.push(value),
    1000,
    () => now,
  );
  throttled(1);
  now = 500;
  throttled(2);
  now = 1000;
  throttled(3);
  expect(calls).toEqual([1, 3]);
});
