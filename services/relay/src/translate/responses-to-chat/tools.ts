import type { FunctionTool, Tool, ToolChoice } from '../../protocols/responses/wire';
import { untranslatable } from '../vocabulary';

/**
 * A Responses request's tools and tool choice in chat completions' words. Only function tools
 * exist there: the built-in tools (web search, file search, code interpreter, computer use, image
 * generation, MCP, shell, …) run on OpenAI's side of the Responses API, so a channel that speaks
 * chat completions cannot run them and the request is refused, naming the tool.
 */

export const BUILT_IN_TOOLS_REFUSAL = 'this channel cannot run built-in tools';

type ChatTool = { type: 'function'; function: Record<string, unknown> };

function chatTool(tool: Tool, index: number): ChatTool {
  const where = `tools.${index}`;
  if (tool.type !== 'function') {
    throw untranslatable(`${where}: the ${tool.type} tool is not available for this model: ${BUILT_IN_TOOLS_REFUSAL}; only function tools are`, where);
  }
  const { name, description, parameters, strict } = tool as FunctionTool;
  const fn: Record<string, unknown> = { name };
  if (typeof description === 'string') fn['description'] = description;
  fn['parameters'] = parameters ?? { type: 'object', properties: {} };
  if (typeof strict === 'boolean') fn['strict'] = strict;
  return { type: 'function', function: fn };
}

/** The chat tools of a Responses request; undefined when it offers none. */
export function chatToolsOf(tools: readonly Tool[] | null | undefined): ChatTool[] | undefined {
  return tools && tools.length > 0 ? tools.map(chatTool) : undefined;
}

/**
 * Chat's tool choice for the Responses one, and the tools it leaves: `allowed_tools` keeps the
 * functions it names, with `auto` or `required` as its mode says.
 */
export function chatToolChoiceOf(
  choice: ToolChoice | null | undefined,
  tools: ChatTool[] | undefined,
): { choice: unknown; tools: ChatTool[] | undefined } {
  if (choice === undefined || choice === null) return { choice: undefined, tools };
  if (typeof choice === 'string') return { choice, tools };
  if (choice.type === 'function' && typeof choice.name === 'string') {
    return { choice: { type: 'function', function: { name: choice.name } }, tools };
  }
  if (choice.type === 'allowed_tools' && Array.isArray(choice['tools'])) {
    const allowed = new Set<string>();
    (choice['tools'] as Array<Record<string, unknown>>).forEach((tool, index) => {
      if (tool['type'] !== 'function' || typeof tool['name'] !== 'string') {
        throw untranslatable(`tool_choice.tools.${index}: only function tools can be allowed: ${BUILT_IN_TOOLS_REFUSAL}`, 'tool_choice');
      }
      allowed.add(tool['name']);
    });
    const kept = (tools ?? []).filter((tool) => allowed.has(String(tool.function['name'])));
    if (kept.length === 0) return { choice: undefined, tools: undefined };
    return { choice: choice['mode'] === 'required' ? 'required' : 'auto', tools: kept };
  }
  throw untranslatable(
    `tool_choice: the ${choice.type} tool cannot be chosen for this model: ${BUILT_IN_TOOLS_REFUSAL}; choose none, auto, required or a function`,
    'tool_choice',
  );
}
