// The page at /widget: a blogger fills in their key, destination, sub_id and colours, sees the
// widget as it will look, and copies the snippet. The preview calls without the key (the page
// is not one of the key's origins); on the blogger's site the links carry their code.
const form = document.querySelector<HTMLFormElement>('#builder')!;
const preview = document.querySelector<HTMLElement>('#preview')!;
const snippet = document.querySelector<HTMLTextAreaElement>('#snippet')!;
const copy = document.querySelector<HTMLButtonElement>('#copy')!;
const copied = document.querySelector<HTMLElement>('#copied')!;

const THEME: Record<string, string> = { accent: '--stays-accent', text: '--stays-text', background: '--stays-background', radius: '--stays-radius' };
const DEFAULTS: Record<string, string> = { accent: '#0b57d0', text: '#1f1f1f', background: '#ffffff', radius: '12' };

const attributeText = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function field(name: string): string {
  return (form.elements.namedItem(name) as HTMLInputElement).value.trim();
}

function update(): void {
  const attributes: Array<[string, string]> = [
    ['key', field('key') || 'live_pk_…'],
    ['sub-id', field('sub_id')],
    ['destination', field('destination')],
    ['limit', field('limit')],
  ];
  for (const [name, value] of attributes) {
    // The preview stays keyless: see above.
    if (name === 'key') continue;
    if (value) preview.setAttribute(name, value);
    else preview.removeAttribute(name);
  }
  const theme: string[] = [];
  for (const [name, property] of Object.entries(THEME)) {
    const value = name === 'radius' ? `${field(name)}px` : field(name);
    preview.style.setProperty(property, value);
    if (field(name) !== DEFAULTS[name]) theme.push(`  ${property}: ${value};`);
  }
  const tag = attributes.filter(([, value]) => value).map(([name, value]) => ` ${name}="${attributeText(value)}"`).join('');
  snippet.value = [
    `<script type="module" src="${form.dataset.script}" integrity="${form.dataset.integrity}" crossorigin="anonymous"></script>`,
    `<stays-search${tag}></stays-search>`,
    ...(theme.length ? ['<style>', 'stays-search {', ...theme, '}', '</style>'] : []),
  ].join('\n');
}

form.addEventListener('input', update);
form.addEventListener('submit', (event) => event.preventDefault());
copy.addEventListener('click', async () => {
  snippet.select();
  try {
    await navigator.clipboard.writeText(snippet.value);
    copied.textContent = 'Copied.';
  } catch {
    copied.textContent = 'Selected: press Ctrl+C (⌘C) to copy.';
  }
});
update();
