// Leaflet puts a string given to bindTooltip, bindPopup or a divIcon's html into innerHTML. Text from users
// (file names, feature labels, point names) goes in as a text node instead, never as markup.

/** An element showing `text` as text: whatever it holds, nothing in it is parsed as HTML. */
export function textContent(text: string, className?: string): HTMLElement {
  const element = document.createElement('span');
  if (className) element.className = className;
  element.textContent = text;
  return element;
}
