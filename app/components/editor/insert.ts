import type { Editor, JSONContent } from "@tiptap/core";
import { TextSelection } from "@tiptap/pm/state";

/**
 * Inserts a block (video, image) where the caret is (or at `at`) and puts the caret in a new, empty paragraph
 * right after it. Left alone, Tiptap keeps the new atom selected, and the writer's next keystroke
 * replaces it: an inserted video or image must never be lost to typing the writer did not aim at it.
 */
export function insertBlock(editor: Editor, node: JSONContent, at?: number): boolean {
  const chain = editor.chain().focus();
  // `at`: where a file was dropped, when it differs from the caret.
  return (at === undefined ? chain.insertContent(node) : chain.insertContentAt(Math.min(at, editor.state.doc.content.size), node))
    .command(({ tr, dispatch }) => {
      const step = tr.steps.at(-1);
      if (!step) return false;
      // Where the inserted content ends (the same reckoning Tiptap uses to place its selection).
      let end = 0;
      step.getMap().forEach((_from, _to, _newFrom, newTo) => (end = newTo));
      const $end = tr.doc.resolve(end);
      // Inserting inside a paragraph splits it: the end may then be the start of the tail's paragraph.
      const at = $end.depth === 0 ? end : $end.parentOffset === 0 ? $end.before() : $end.after();
      if (dispatch) {
        tr.insert(at, tr.doc.type.schema.nodes.paragraph.create());
        tr.setSelection(TextSelection.create(tr.doc, at + 1)).scrollIntoView();
      }
      return true;
    })
    .run();
}
