/**
 * A success snackbar's spec text (after what the same action said first, each in an element of
 * its own), with an Undo button beside them (a click closes the snackbar too).
 */
export function UndoToast({
  messages,
  onUndo,
}: {
  messages: readonly string[];
  onUndo: () => void;
}) {
  return (
    <div className="undo-toast" data-messages={messages.length}>
      {messages.map((message, index) => (
        <p key={index} className="undo-toast__message">
          {message}
        </p>
      ))}
      <button type="button" className="undo-toast__button" onClick={onUndo}>
        Undo
      </button>
    </div>
  );
}
