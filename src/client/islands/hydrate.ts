import { Component, createElement, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { slotElements } from '../../islands/slots.ts';

/**
 * The part of the island runtime that needs React: loaded by the runtime
 * (runtime.ts) on a page's first island, in a task of its own, so that
 * evaluating React and hydrating an island are separate tasks.
 */

interface BoundaryProps {
  name: string;
  children?: ReactNode;
}

/** The spec's crash fallback, in the island's place: "This page crashed." and "Try again", which renders it again. */
class IslandBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: undefined };

  static getDerivedStateFromError(error: unknown): { error: unknown } {
    return { error };
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    const details = `island "${this.props.name}": ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`;
    return createElement(
      'div',
      { className: 'crash island-crash', role: 'alert' },
      createElement('p', { className: 'crash-title' }, 'This page crashed.'),
      createElement('button', { type: 'button', className: 'button crash-retry', onClick: () => this.setState({ error: undefined }) }, 'Try again'),
      createElement('pre', { className: 'crash-details' }, details),
    );
  }
}

/** Hydrates one island: its component with the server's props and its slots' HTML, under its own boundary. */
export function hydrateIsland(options: {
  element: Element;
  name: string;
  // An island's props are whatever its module declares: the runtime passes on the JSON the server wrote.
  component: ComponentType<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- see above
  props: Record<string, unknown>;
  slots: string[];
  id: string;
}): Root {
  const { element, name, component, props, slots, id } = options;
  const island = createElement(component, slots.length > 0 ? { ...props, children: slotElements(slots) } : props);
  return hydrateRoot(element, createElement(IslandBoundary, { name }, island), {
    identifierPrefix: id,
    // The server's markup and the browser's first render differ: React renders the island again in the browser.
    onRecoverableError: (error: unknown, info: ErrorInfo) => console.error(`[mapsdocs] island "${name}": recoverable error during hydration`, error, info.componentStack ?? ''),
    onCaughtError: (error: unknown, info: ErrorInfo) => console.error(`[mapsdocs] island "${name}" crashed`, error, info.componentStack ?? ''),
  });
}
