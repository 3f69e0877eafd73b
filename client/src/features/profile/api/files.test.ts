import { attachmentName, importContentType, importErrorMessage } from './files';

describe('import and export helpers', () => {
  it('sends .json files as JSON and everything else as a zip', () => {
    expect(importContentType({ name: 'jotter-notes.json', type: '' })).toBe('application/json');
    expect(importContentType({ name: 'x', type: 'application/json' })).toBe('application/json');
    expect(importContentType({ name: 'takeout-001.zip', type: 'application/zip' })).toBe(
      'application/zip',
    );
    expect(importContentType({ name: 'notes', type: '' })).toBe('application/zip');
  });

  it("shows the server's message without its field prefix, or a plain one", () => {
    expect(importErrorMessage(400, '{"errors":["file: not a zip archive"]}')).toBe(
      'not a zip archive',
    );
    expect(importErrorMessage(502, '<html>Bad gateway</html>')).toBe(
      'The import failed (HTTP 502). Nothing was imported.',
    );
    expect(importErrorMessage(0, '')).toMatch(/could not be reached/);
  });

  it('takes the download name from Content-Disposition', () => {
    expect(attachmentName('attachment; filename="jotter-notes-2026-11-23.zip"', 'x.zip')).toBe(
      'jotter-notes-2026-11-23.zip',
    );
    expect(attachmentName(null, 'x.zip')).toBe('x.zip');
  });
});
