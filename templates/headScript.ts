import { inlineScriptJson } from '../src/render/inlineScript.ts';
import type { SiteView } from '../src/render/viewModel.ts';

/**
 * Runs in <head> before first paint: applies the saved colour mode and hides
 * a dismissed announcement, so neither flashes. Unknown saved values fall
 * back to the default here; the client runtime reports them.
 */
export function headScript(site: SiteView): string {
  const options = {
    d: site.colorMode.defaultMode,
    s: site.colorMode.respectPrefersColorScheme,
    x: site.colorMode.disableSwitch,
    a: site.announcement?.id ?? null,
  };
  return `(function(o){var h=document.documentElement,t=null;try{if(o.x){localStorage.removeItem('theme')}else{t=localStorage.getItem('theme')}}catch(e){}var m=o.d;if(t==='light'||t==='dark'){m=t}else if(o.s&&(t===null||t==='system')&&window.matchMedia){m=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'}h.setAttribute('data-theme',m);h.setAttribute('data-theme-choice',t===null?(o.s?'system':o.d):t);try{if(o.a!==null&&localStorage.getItem('announcement.dismiss')==='true'&&localStorage.getItem('announcement.id')===o.a){h.setAttribute('data-announcement-dismissed','true')}}catch(e){}h.classList.add('js')})(${inlineScriptJson(options)});`;
}
