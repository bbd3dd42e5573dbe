// Whether an edit, seen at its `beforeinput` event, replaces a text box's whole text: an insertion
// (typing, paste, drop) over a selection of everything, or into an empty box. Deletions never do:
// they leave a fragment of the old text, or nothing.
export function replacesWholeText(inputType: string, text: string, selectionStart: number, selectionEnd: number): boolean {
  return inputType.startsWith('insert') && selectionStart === 0 && selectionEnd === text.length;
}
