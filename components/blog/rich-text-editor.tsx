'use client';
/**
 * The post's content editor (Tiptap): paragraphs, headings, bold, italic, underline, lists, quotes and
 * links, written as HTML. It loads with the post editor, on first use, never with the list.
 */
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Icon, type IconName } from '@/components/ui/icon';

interface Props {
  labelId: string;
  value: string;
  onChange: (html: string) => void;
  invalid?: boolean;
  describedBy?: string;
}

export default function RichTextEditor({ labelId, value, onChange, invalid, describedBy }: Props) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        codeBlock: false,
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] },
      }),
    ],
    content: value,
    immediatelyRender: false,
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        class: 'prose-content min-h-40 max-h-[45dvh] overflow-y-auto px-3 py-2 text-base sm:text-sm focus:outline-none',
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });

  if (!editor)
    return <div className="min-h-48 rounded-md border border-slate-300 bg-slate-50" role="status" aria-label="Loading the editor" />;

  const tools: { label: string; icon: IconName; active: boolean; run: () => void }[] = [
    { label: 'Bold', icon: 'bold', active: editor.isActive('bold'), run: () => editor.chain().focus().toggleBold().run() },
    { label: 'Italic', icon: 'italic', active: editor.isActive('italic'), run: () => editor.chain().focus().toggleItalic().run() },
    {
      label: 'Underline',
      icon: 'underline',
      active: editor.isActive('underline'),
      run: () => editor.chain().focus().toggleUnderline().run(),
    },
    {
      label: 'Heading',
      icon: 'heading-2',
      active: editor.isActive('heading', { level: 2 }),
      run: () => editor.chain().focus().toggleHeading({ level: 2 }).run(),
    },
    {
      label: 'Bulleted list',
      icon: 'list',
      active: editor.isActive('bulletList'),
      run: () => editor.chain().focus().toggleBulletList().run(),
    },
    {
      label: 'Numbered list',
      icon: 'list-ordered',
      active: editor.isActive('orderedList'),
      run: () => editor.chain().focus().toggleOrderedList().run(),
    },
    { label: 'Quote', icon: 'quote', active: editor.isActive('blockquote'), run: () => editor.chain().focus().toggleBlockquote().run() },
    {
      label: 'Link',
      icon: 'link',
      active: editor.isActive('link'),
      run: () => {
        const current = (editor.getAttributes('link').href as string | undefined) ?? 'https://';
        const href = window.prompt('Link address (empty removes the link)', current);
        if (href === null) return;
        if (!href.trim() || href.trim() === 'https://') editor.chain().focus().extendMarkRange('link').unsetLink().run();
        else editor.chain().focus().extendMarkRange('link').setLink({ href: href.trim() }).run();
      },
    },
  ];

  return (
    <div className={`rounded-md border bg-white shadow-sm ${invalid ? 'border-red-600' : 'border-slate-300'}`}>
      <div role="toolbar" aria-label="Formatting" className="flex flex-wrap gap-0.5 border-b border-slate-200 p-1">
        {tools.map(({ label, icon, active, run }) => (
          <button
            key={label}
            type="button"
            aria-label={label}
            aria-pressed={active}
            onClick={run}
            className={`rounded p-2 ${active ? 'bg-brand-100 text-brand-800' : 'text-slate-700 hover:bg-slate-100'}`}
          >
            <Icon name={icon} className="size-4" />
          </button>
        ))}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
