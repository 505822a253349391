import { inlineScriptJson } from '../src/render/inlineScript.ts';
import type { SiteView } from '../src/render/viewModel.ts';

/**
 * Runs in <head> before first paint: applies the saved colour mode, hides a
 * dismissed announcement and a hidden sidebar, so none of them flashes. It
 * judges stored values by the rules of src/client/preferences.ts: a value the
 * configuration does not allow is removed and the default applies.
 */
export function headScript(site: SiteView): string {
  const options = {
    d: site.colorMode.defaultMode,
    s: site.colorMode.respectPrefersColorScheme,
    x: site.colorMode.disableSwitch,
    // Only a bar that can be closed can have been dismissed.
    a: site.announcement?.isCloseable ? site.announcement.id : null,
    h: site.docs.hideable,
  };
  return `(function(o){var h=document.documentElement,l=null;try{l=window.localStorage}catch(e){}function g(k){try{return l&&l.getItem(k)}catch(e){return null}}var t=g('theme');if(t!==null&&(o.x||!(t==='light'||t==='dark'||(o.s&&t==='system')))){try{l.removeItem('theme')}catch(e){}t=null}var c=t===null?(o.s?'system':o.d):t;var m=c!=='system'?c:window.matchMedia?(matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'):o.d;h.setAttribute('data-theme',m);h.setAttribute('data-theme-choice',c);if(o.a!==null&&g('announcement.dismiss')==='true'&&g('announcement.id')===o.a){h.setAttribute('data-announcement-dismissed','true')}if(o.h&&g('docs-sidebar-hidden')==='true'){h.setAttribute('data-sidebar-hidden','true')}h.classList.add('js')})(${inlineScriptJson(options)});`;
}
