import { Modal } from '../../../components/modal';
import { SHORTCUTS } from '../hooks/use-keyboard-shortcuts';

/** The "?" dialog: every keyboard shortcut. */
export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  return (
    <Modal label="Keyboard shortcuts" onClose={onClose}>
      <section className="shortcuts">
        <h2>Keyboard shortcuts</h2>
        <dl className="shortcuts__list">
          {SHORTCUTS.map(({ keys, does }) => (
            <div key={does} className="shortcuts__item">
              <dt>
                {keys.map((key, i) => (
                  <span key={key}>
                    {i > 0 && ' + '}
                    <kbd>{key}</kbd>
                  </span>
                ))}
              </dt>
              <dd>{does}</dd>
            </div>
          ))}
        </dl>
        <div className="confirm-dialog__buttons">
          <button type="button" className="button button--primary" onClick={onClose}>
            Close
          </button>
        </div>
      </section>
    </Modal>
  );
}
