// happy-dom has <dialog> without its modal part: showModal() opens it (the `open` attribute the
// tests look for) and close() closes it with the `close` event the UI kit's dialog listens to.
// Call in beforeEach of a test that opens a dialog.

export function stubDialogs(): void {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}
