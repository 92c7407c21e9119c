import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { DropdownMenu } from "radix-ui";
import { Bold, Heading1, Heading2, Heading3, Italic, List, ListOrdered, Redo2, Undo2, type LucideIcon } from "lucide-react";
import { useState } from "react";
import { cn } from "#app/lib/cn";
import type { TokenChoice, TokenPicker } from "#app/modules/content-types/embeds.server";

// The buying-guide editor. Loaded only by the admin guide form (React.lazy), so public pages never ship it.

export interface RichTextEditorProps {
  id: string;
  name: string;
  defaultValue: string;
  invalid?: boolean;
  describedBy?: string;
  /** The "+ Deal"-style menus: one per kind of item a guide can embed. */
  pickers: TokenPicker[];
}

function ToolbarButton({ label, icon: Icon, active, disabled, onClick }: { label: string; icon: LucideIcon; active?: boolean; disabled?: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={active === undefined ? undefined : active}
      disabled={disabled}
      // Keep the caret (and focus) in the editor when a button is clicked with the mouse.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={cn(
        "rounded-md p-2 text-gray-700 hover:bg-gray-100 disabled:opacity-40",
        active && "bg-brand-100 text-brand-700 hover:bg-brand-100",
      )}
    >
      <Icon className="h-4 w-4" aria-hidden />
    </button>
  );
}

/** '+ Deal' and friends: pick a published item, insert its token at the cursor. Long lists get a filter. */
function TokenMenu({ picker: { label, kind, noun, choices }, editor }: { picker: TokenPicker; editor: Editor }) {
  const [filter, setFilter] = useState("");
  const shown = choices.filter((choice) => choice.title.toLowerCase().includes(filter.trim().toLowerCase()));
  return (
    <DropdownMenu.Root onOpenChange={() => setFilter("")}>
      <DropdownMenu.Trigger className="flex items-center gap-1 rounded-md border border-gray-200 px-2 py-1.5 text-sm font-medium text-gray-700 hover:bg-gray-50">
        + {label}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="start" sideOffset={4} className="z-50 max-h-80 w-72 overflow-y-auto rounded-lg border border-gray-200 bg-white p-1 shadow-lg">
          {choices.length > 8 ? (
            <input
              aria-label={`Filter ${noun}`}
              placeholder="Type to filter…"
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
              onKeyDown={(event) => event.stopPropagation()}
              className="mb-1 w-full rounded-md border border-gray-200 px-2 py-1.5 text-sm"
            />
          ) : null}
          {shown.length === 0 ? <p className="px-3 py-2 text-sm text-gray-500">Nothing published yet.</p> : null}
          {shown.map((choice: TokenChoice) => (
            <DropdownMenu.Item
              key={choice.id}
              onSelect={() => editor.chain().focus().insertContent(`[${kind}:${choice.id}]`).run()}
              className="cursor-pointer rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-gray-100"
            >
              {choice.title}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function Toolbar({ editor, pickers }: { editor: Editor; pickers: TokenPicker[] }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h1: e.isActive("heading", { level: 1 }),
      h2: e.isActive("heading", { level: 2 }),
      h3: e.isActive("heading", { level: 3 }),
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      bullet: e.isActive("bulletList"),
      ordered: e.isActive("orderedList"),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  return (
    <div role="toolbar" aria-label="Formatting" className="flex flex-wrap items-center gap-1 border-b border-gray-200 p-2">
      <ToolbarButton label="Heading 1" icon={Heading1} active={state.h1} onClick={() => chain().toggleHeading({ level: 1 }).run()} />
      <ToolbarButton label="Heading 2" icon={Heading2} active={state.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()} />
      <ToolbarButton label="Heading 3" icon={Heading3} active={state.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()} />
      <span className="mx-1 h-6 w-px bg-gray-200" aria-hidden />
      <ToolbarButton label="Bold" icon={Bold} active={state.bold} onClick={() => chain().toggleBold().run()} />
      <ToolbarButton label="Italic" icon={Italic} active={state.italic} onClick={() => chain().toggleItalic().run()} />
      <ToolbarButton label="Bullet list" icon={List} active={state.bullet} onClick={() => chain().toggleBulletList().run()} />
      <ToolbarButton label="Numbered list" icon={ListOrdered} active={state.ordered} onClick={() => chain().toggleOrderedList().run()} />
      <span className="mx-1 h-6 w-px bg-gray-200" aria-hidden />
      <ToolbarButton label="Undo" icon={Undo2} disabled={!state.canUndo} onClick={() => chain().undo().run()} />
      <ToolbarButton label="Redo" icon={Redo2} disabled={!state.canRedo} onClick={() => chain().redo().run()} />
      <span className="mx-1 h-6 w-px bg-gray-200" aria-hidden />
      {pickers.map((picker) => (
        <TokenMenu key={picker.kind} picker={picker} editor={editor} />
      ))}
    </div>
  );
}

export default function RichTextEditor({ id, name, defaultValue, invalid, describedBy, pickers }: RichTextEditorProps) {
  const [html, setHtml] = useState(defaultValue);
  const editor = useEditor({
    // Undo remembers 100 steps; typing after a 500 ms pause starts a new step.
    extensions: [StarterKit.configure({ heading: { levels: [1, 2, 3] }, undoRedo: { depth: 100, newGroupDelay: 500 }, link: { openOnClick: false } })],
    content: defaultValue,
    immediatelyRender: false,
    onUpdate: ({ editor: e }) => setHtml(e.isEmpty ? "" : e.getHTML()),
    editorProps: {
      attributes: {
        id,
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": `${id}-label`,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(invalid ? { "aria-invalid": "true" } : {}),
        class: "guide-content min-h-[400px] px-4 py-3 focus:outline-none",
      },
    },
  });
  return (
    <div className={cn("rounded-lg border bg-white", invalid ? "border-red-500" : "border-gray-300")}>
      {editor ? <Toolbar editor={editor} pickers={pickers} /> : <div className="h-12 border-b border-gray-200" />}
      <EditorContent editor={editor} />
      <input type="hidden" name={name} value={html} />
    </div>
  );
}
