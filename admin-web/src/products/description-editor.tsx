import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';

/** The marks and blocks the server's allow-list keeps (shared/backend/sanitize/description.ts). */
const extensions = [
  StarterKit.configure({
    heading: { levels: [2, 3, 4] },
    codeBlock: false,
    // It appends an empty paragraph after lists; that would be saved as stray <p></p>.
    trailingNode: false,
    link: { openOnClick: false, protocols: ['http', 'https', 'mailto'], defaultProtocol: 'https' },
  }),
];

type Action = { label: string; name: string; attrs?: Record<string, unknown>; run(): void };

/** Rich-text description; hands its content back as HTML on every change. */
export function DescriptionEditor({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange(html: string): void;
}) {
  const editor = useEditor({
    extensions,
    content: value,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
        class:
          'prose min-h-40 max-w-none rounded-b border border-slate-300 bg-white p-3 focus:outline-teal-700',
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      link: e.isActive('link'),
    }),
  });

  const chain = () => editor.chain().focus();
  const actions: (Action & { key: keyof typeof active })[] = [
    { key: 'bold', label: 'Bold', name: 'B', run: () => chain().toggleBold().run() },
    { key: 'italic', label: 'Italic', name: 'I', run: () => chain().toggleItalic().run() },
    { key: 'underline', label: 'Underline', name: 'U', run: () => chain().toggleUnderline().run() },
    { key: 'h2', label: 'Heading', name: 'H2', run: () => chain().toggleHeading({ level: 2 }).run() },
    { key: 'h3', label: 'Subheading', name: 'H3', run: () => chain().toggleHeading({ level: 3 }).run() },
    {
      key: 'bulletList',
      label: 'Bulleted list',
      name: '• List',
      run: () => chain().toggleBulletList().run(),
    },
    {
      key: 'orderedList',
      label: 'Numbered list',
      name: '1. List',
      run: () => chain().toggleOrderedList().run(),
    },
    {
      key: 'link',
      label: 'Link',
      name: 'Link',
      run: () => {
        if (editor.isActive('link')) return void chain().unsetLink().run();
        const href = window.prompt('Link address (https://…)');
        if (href) chain().extendMarkRange('link').setLink({ href }).run();
      },
    },
  ];

  return (
    <div>
      <div
        role="toolbar"
        aria-label="Formatting"
        className="flex flex-wrap gap-1 rounded-t border border-b-0 border-slate-300 bg-slate-50 p-1"
      >
        {actions.map((a) => (
          <button
            key={a.key}
            type="button"
            aria-label={a.label}
            aria-pressed={active?.[a.key] ?? false}
            // Keeps the focus and selection in the text while formatting.
            onMouseDown={(e) => e.preventDefault()}
            onClick={a.run}
            className="rounded px-2 py-1 text-sm hover:bg-slate-200 aria-pressed:bg-slate-300"
          >
            {a.name}
          </button>
        ))}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
