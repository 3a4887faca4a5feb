// What each platform's form asks for on the connect page and its help, as its module says
// (src/platforms/<name>/module.ts), and how the form's fields become the request the platform's
// connector takes (the same as `fantasy-data link` and the admin API).
import type { Platform } from '../../domain/catalog.ts';
import type { HttpLink, LinkField, SettingValues } from '../../platforms/module.ts';
import { httpLinkOf, platformModule } from '../../platforms/registry.ts';
import type { LinkRequest } from '../../sync/account-services.ts';
import { escapeHtml } from './html.ts';

/** How the page links the platform; a session only ever offers platforms linked over HTTP. */
function pageLink(platform: Platform): HttpLink<SettingValues> {
  const link = httpLinkOf(platform);
  if (link === undefined) throw new Error(`${platform} is not linked over HTTP`);
  return link;
}

/** The platform's name as people see it. */
export function platformName(platform: Platform): string {
  return platformModule(platform).name;
}

/** The platform's help text; `appName` is the application the page links accounts for. */
export function platformHelp(platform: Platform, appName: string): string {
  return pageLink(platform).help.replaceAll('{app}', appName);
}

/** The form's submit button: the platform's sign-in for OAuth, else "Link <name>". */
export function linkLabel(platform: Platform): string {
  const link = pageLink(platform);
  if (link.oauth !== undefined) return `Sign in with ${link.oauth.provider}`;
  return link.submitLabel ?? `Link ${platformName(platform)}`;
}

/**
 * The form's inputs; `values` refills the non-secret ones after an error. The first input gets
 * the focus on a fresh form; after an error each input is described by the error too.
 */
export function formFields(
  platform: Platform,
  values: Readonly<Record<string, string>>,
  options: { autofocus?: boolean; describedBy?: string } = {},
): string {
  return pageLink(platform)
    .fields.map((field, index) => {
      const id = `${platform}-${field.name}`;
      const value = field.secret === true ? '' : (values[field.name] ?? '');
      const hintId = `${id}-hint`;
      const described = [
        ...(field.hint === undefined ? [] : [hintId]),
        ...(options.describedBy === undefined ? [] : [options.describedBy]),
      ];
      return (
        `<label for="${id}">${escapeHtml(field.label)}</label>` +
        `<input id="${id}" name="${field.name}" type="${field.type}" value="${escapeHtml(value)}"` +
        (described.length === 0 ? '' : ` aria-describedby="${described.join(' ')}"`) +
        (options.autofocus === true && index === 0 ? ' autofocus' : '') +
        // One autocomplete each: the field's own, else "off" for a secret the browser should
        // not offer to save (a cookie value), else none.
        `${autocompleteOf(field)}>` +
        (field.hint === undefined
          ? ''
          : `<div class="hint" id="${hintId}">${escapeHtml(field.hint)}</div>`)
      );
    })
    .join('');
}

/** The non-secret values a re-rendered form shows again, as sent (cut to a sane length). */
export function formValues(platform: Platform, form: URLSearchParams): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of pageLink(platform).fields) {
    const value = form.get(field.name);
    if (field.secret !== true && value !== null) values[field.name] = value.slice(0, 320);
  }
  return values;
}

function autocompleteOf(field: LinkField): string {
  const value = field.autocomplete ?? (field.secret === true ? 'off' : undefined);
  return value === undefined ? '' : ` autocomplete="${value}"`;
}

/** The form's fields as a link request; what is missing is bad input, worded for the user. */
export function linkRequestFrom(platform: Platform, form: URLSearchParams): LinkRequest {
  return pageLink(platform).fromForm((name) => form.get(name) ?? undefined);
}

/** Whether the platform is linked by signing in at the platform (OAuth) rather than a form. */
export function isOauthPlatform(platform: Platform): boolean {
  return httpLinkOf(platform)?.oauth !== undefined;
}
