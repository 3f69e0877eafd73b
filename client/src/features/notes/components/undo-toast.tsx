/** A success toast's spec text, with an Undo button beside it (a click closes the toast too). */
export function UndoToast({ message, onUndo }: { message: string; onUndo: () => void }) {
  return (
    <div className="undo-toast">
      <span className="undo-toast__message">{message}</span>
      <button type="button" className="undo-toast__button" onClick={onUndo}>
        Undo
      </button>
    </div>
  );
}
