/**
 * React's client, one module for the island runtime and for the site's own
 * islands (content/pages files marked 'use client'), which the build compiles
 * with `react` and `react/jsx-runtime` pointing here: every island uses the
 * very React that hydrates it, loaded once, in a chunk of its own that pages
 * without an island never load. React's public API, named one by one (its
 * types are an `export =` module, which `export *` cannot re-export).
 */
export {
  Activity,
  Children,
  Component,
  Fragment,
  Profiler,
  PureComponent,
  StrictMode,
  Suspense,
  cloneElement,
  createContext,
  createElement,
  createRef,
  forwardRef,
  isValidElement,
  lazy,
  memo,
  startTransition,
  use,
  useActionState,
  useCallback,
  useContext,
  useDebugValue,
  useDeferredValue,
  useEffect,
  useEffectEvent,
  useId,
  useImperativeHandle,
  useInsertionEffect,
  useLayoutEffect,
  useMemo,
  useOptimistic,
  useReducer,
  useRef,
  useState,
  useSyncExternalStore,
  useTransition,
  version,
} from 'react';
export { jsx, jsxs } from 'react/jsx-runtime';
export { hydrateRoot } from 'react-dom/client';
