import { describe, expect, it } from 'vitest';
import { replacesWholeText } from '../src/lib/form/textEdit';

describe('replacesWholeText', () => {
  const text = '{\n  "engine": "cycle"\n}';
  it('an insertion over everything, or into an empty box, replaces the whole text', () => {
    expect(replacesWholeText('insertFromPaste', text, 0, text.length)).toBe(true);
    expect(replacesWholeText('insertText', text, 0, text.length)).toBe(true);
    expect(replacesWholeText('insertFromDrop', '', 0, 0)).toBe(true);
  });
  it('an edit inside the text, or a deletion, does not', () => {
    expect(replacesWholeText('insertText', text, 5, 5)).toBe(false);
    expect(replacesWholeText('insertFromPaste', text, 0, text.length - 1)).toBe(false);
    expect(replacesWholeText('deleteContentBackward', text, 0, text.length)).toBe(false);
  });
});
