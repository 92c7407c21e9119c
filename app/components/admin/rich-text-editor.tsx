import { Node } from "@tiptap/core";
import {
  type Editor,
  EditorContent,
  NodeViewWrapper,
  type ReactNodeViewProps,
  ReactNodeViewRenderer,
  useEditor,
  useEditorState,
} from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import {
  Bold,
  Heading1,
  Heading2,
  Heading3,
  Italic,
  List,
  ListOrdered,
  type LucideIcon,
  Redo2,
  Undo2,
} from "lucide-react";
import { createContext, useContext, useState } from "react";

import { Combobox, type ComboboxOption } from "#app/components/ui/combobox";
import { cn } from "#app/lib/cn";
import { fromEditorHtml, toEditorHtml } from "#app/lib/content-tokens";
import type { EmbedKind } from "#app/modules/catalogue/embeds.server";
import type { EmbedChip } from "#app/modules/content-types/content-type";

// The buying-guide editor. Loaded only by the admin guide form (React.lazy), so public pages never ship it.
// Embedded items are `[kind:id]` tokens in the stored HTML; in the editor each is a chip showing the item.

export interface RichTextEditorProps {
  id: string;
  name: string;
  defaultValue: string;
  invalid?: boolean;
  describedBy?: string;
  /** The "+ Deal" menus: one per kind of item a guide can embed. */
  kinds: EmbedKind[];
  /** What the tokens already in the guide show, by "kind:id". */
  chips: Record<string, EmbedChip>;
}

const ChipsContext = createContext<Record<string, EmbedChip>>({});

/** A token as the editor shows it: the item's picture, name and detail, marked when shoppers cannot see it. */
function TokenChip({ node, selected }: ReactNodeViewProps) {
  const chips = useContext(ChipsContext);
  const token = String(node.attrs.token);
  const chip = chips[token];
  const warning = chip?.state === "missing" ? "Deleted" : chip?.state === "unpublished" ? "Not published" : null;
  return (
    <NodeViewWrapper
      as="span"
      data-testid="token-chip"
      data-state={chip?.state ?? "public"}
      title={warning ? `${warning}: shoppers will not see this item` : undefined}
      className={cn(
        "mx-0.5 inline-flex max-w-full items-center gap-1.5 rounded-md border px-1.5 py-0.5 align-middle text-sm",
        warning ? "border-amber-400 bg-amber-50 text-amber-900" : "border-brand-100 bg-brand-50 text-gray-900",
        selected && "ring-2 ring-brand-500",
      )}
    >
      {chip?.image ? <img src={chip.image} alt="" className="h-5 w-5 shrink-0 rounded object-cover" /> : null}
      <span className="truncate font-medium">{chip?.label ?? token}</span>
      {chip?.detail ? <span className="shrink-0 text-xs text-gray-600">{chip.detail}</span> : null}
      {warning ? <span className="shrink-0 text-xs font-semibold uppercase">{warning}</span> : null}
    </NodeViewWrapper>
  );
}

/** The token as an inline, atomic node: it moves and deletes as one piece, wherever it is put. */
const ContentToken = Node.create({
  name: "contentToken",
  group: "inline",
  inline: true,
  atom: true,
  selectable: true,
  addAttributes() {
    return {
      token: {
        default: "",
        parseHTML: (element) => element.getAttribute("data-token"),
        renderHTML: (attributes) => ({ "data-token": attributes.token }),
      },
    };
  },
  parseHTML: () => [{ tag: "span[data-token]" }],
  renderHTML: ({ HTMLAttributes }) => ["span", HTMLAttributes],
  renderText: ({ node }) => `[${String(node.attrs.token)}]`,
  addNodeView: () => ReactNodeViewRenderer(TokenChip, { as: "span" }),
});

function ToolbarButton({
  label,
  icon: Icon,
  active,
  disabled,
  onClick,
}: {
  label: string;
  icon: LucideIcon;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
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

function ChipOption({ option }: { option: ComboboxOption }) {
  return (
    <span className="flex items-center gap-3">
      {option.image ? (
        <img src={option.image} alt="" className="h-9 w-9 shrink-0 rounded object-cover" />
      ) : (
        <span className="h-9 w-9 shrink-0 rounded bg-gray-100" />
      )}
      <span className="min-w-0">
        <span className="block truncate font-medium">{option.label}</span>
        {option.detail ? <span className="block truncate text-xs text-gray-500">{option.detail}</span> : null}
      </span>
    </span>
  );
}

/**
 * '+ Deal' and friends: search the published items of a kind on the server, pick one, and its token goes
 * in at the caret (in a sentence or a paragraph of its own); focus goes back to the editor.
 */
function TokenPicker({
  kind,
  editor,
  onPick,
  onClose,
}: {
  kind: EmbedKind;
  editor: Editor;
  onPick(chip: EmbedChip): void;
  onClose(): void;
}) {
  return (
    <div className="border-b border-gray-200 bg-gray-50 p-2">
      <Combobox
        id={`token-picker-${kind.kind}`}
        ariaLabel={`Search ${kind.noun}`}
        placeholder={`Search published ${kind.noun}…`}
        optionsUrl={`/admin/options/${kind.kind}?embed=1`}
        selected={null}
        autoFocus
        renderOption={(option) => <ChipOption option={option} />}
        onEscape={() => {
          onClose();
          editor.commands.focus();
        }}
        onSelect={(option) => {
          if (!option) return;
          onPick(option);
          editor
            .chain()
            .focus()
            .insertContent([
              { type: "contentToken", attrs: { token: `${kind.kind}:${option.id}` } },
              { type: "text", text: " " },
            ])
            .run();
          onClose();
        }}
      />
    </div>
  );
}

function Toolbar({
  editor,
  kinds,
  picking,
  onPicking,
}: {
  editor: Editor;
  kinds: EmbedKind[];
  picking: EmbedKind | null;
  onPicking(kind: EmbedKind | null): void;
}) {
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
    <div
      role="toolbar"
      aria-label="Formatting"
      className="flex flex-wrap items-center gap-1 border-b border-gray-200 p-2"
    >
      <ToolbarButton
        label="Heading 1"
        icon={Heading1}
        active={state.h1}
        onClick={() => chain().toggleHeading({ level: 1 }).run()}
      />
      <ToolbarButton
        label="Heading 2"
        icon={Heading2}
        active={state.h2}
        onClick={() => chain().toggleHeading({ level: 2 }).run()}
      />
      <ToolbarButton
        label="Heading 3"
        icon={Heading3}
        active={state.h3}
        onClick={() => chain().toggleHeading({ level: 3 }).run()}
      />
      <span className="mx-1 h-6 w-px bg-gray-200" aria-hidden />
      <ToolbarButton label="Bold" icon={Bold} active={state.bold} onClick={() => chain().toggleBold().run()} />
      <ToolbarButton label="Italic" icon={Italic} active={state.italic} onClick={() => chain().toggleItalic().run()} />
      <ToolbarButton
        label="Bullet list"
        icon={List}
        active={state.bullet}
        onClick={() => chain().toggleBulletList().run()}
      />
      <ToolbarButton
        label="Numbered list"
        icon={ListOrdered}
        active={state.ordered}
        onClick={() => chain().toggleOrderedList().run()}
      />
      <span className="mx-1 h-6 w-px bg-gray-200" aria-hidden />
      <ToolbarButton label="Undo" icon={Undo2} disabled={!state.canUndo} onClick={() => chain().undo().run()} />
      <ToolbarButton label="Redo" icon={Redo2} disabled={!state.canRedo} onClick={() => chain().redo().run()} />
      <span className="mx-1 h-6 w-px bg-gray-200" aria-hidden />
      {kinds.map((kind) => (
        <button
          key={kind.kind}
          type="button"
          aria-expanded={picking?.kind === kind.kind}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onPicking(picking?.kind === kind.kind ? null : kind)}
          className={cn(
            "rounded-md border border-gray-200 px-2 py-1.5 text-sm font-medium text-gray-700 hover:bg-gray-50",
            picking?.kind === kind.kind && "bg-brand-50",
          )}
        >
          + {kind.label}
        </button>
      ))}
    </div>
  );
}

export default function RichTextEditor({
  id,
  name,
  defaultValue,
  invalid,
  describedBy,
  kinds,
  chips: initialChips,
}: RichTextEditorProps) {
  const [html, setHtml] = useState(defaultValue);
  const [chips, setChips] = useState(initialChips);
  const [picking, setPicking] = useState<EmbedKind | null>(null);
  const editor = useEditor({
    // Undo remembers 100 steps; typing after a 500 ms pause starts a new step.
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3] },
        undoRedo: { depth: 100, newGroupDelay: 500 },
        link: { openOnClick: false },
      }),
      ContentToken,
    ],
    content: toEditorHtml(defaultValue),
    immediatelyRender: false,
    onUpdate: ({ editor: e }) => setHtml(e.isEmpty ? "" : fromEditorHtml(e.getHTML())),
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
    <ChipsContext.Provider value={chips}>
      <div className={cn("rounded-lg border bg-white", invalid ? "border-red-500" : "border-gray-300")}>
        {editor ? (
          <Toolbar editor={editor} kinds={kinds} picking={picking} onPicking={setPicking} />
        ) : (
          <div className="h-12 border-b border-gray-200" />
        )}
        {editor && picking ? (
          <TokenPicker
            key={picking.kind}
            kind={picking}
            editor={editor}
            onPick={(chip) => setChips((current) => ({ ...current, [`${picking.kind}:${chip.id}`]: chip }))}
            onClose={() => setPicking(null)}
          />
        ) : null}
        <EditorContent editor={editor} />
        <input type="hidden" name={name} value={html} />
      </div>
    </ChipsContext.Provider>
  );
}
