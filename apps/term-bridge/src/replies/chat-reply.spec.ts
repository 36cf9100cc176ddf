import { describe, expect, it } from '@jest/globals';
import { ReplyComposer } from './chat-reply';

describe('reply composer', () => {
  it('separates sections with a blank line and never starts with one', () => {
    const pieces: string[] = [];
    const composer = new ReplyComposer((piece) => pieces.push(piece));
    composer.section();
    composer.section();
    composer.text('');
    composer.text('Created session term-1.');
    composer.section();
    composer.text('line 1');
    composer.text('\nline 2');
    composer.section();
    composer.text('[note]');
    expect(pieces).toEqual(['Created session term-1.', '\n\nline 1', '\nline 2', '\n\n[note]']);
    expect(composer.content).toBe(pieces.join(''));
  });
});
