import * as vscode from 'vscode';
import { maxAnalyticsDays } from '../api/pearlAnalyticsApi';
import { customRange, lastDays } from './analyticsData';

/** The range the analytics page opens with: the last 30 days. */
export const defaultRangeDays = 30;

/**
 * Asks which days to show: a quick pick of the last 7, 30 or 90 days, or a custom range whose first
 * and last days (UTC, `YYYY-MM-DD`) are typed in two input boxes, checked as typed (a real date,
 * in order, at most 90 days). Resolves to undefined when the user cancels.
 */
export async function pickRange(now: Date = new Date()): Promise<{ from: Date; to: Date } | undefined> {
  const items: (vscode.QuickPickItem & { days?: number })[] = [
    { label: 'Last 7 days', days: 7 },
    { label: 'Last 30 days', days: 30, description: 'default' },
    { label: `Last ${maxAnalyticsDays} days`, days: maxAnalyticsDays, description: 'the longest range the service gives' },
    { label: 'Custom range…', description: 'a first and a last day, UTC' },
  ];
  const picked = await vscode.window.showQuickPick(items, { title: 'Show the analytics of which days?' });
  if (picked === undefined) return undefined;
  if (picked.days !== undefined) return lastDays(picked.days, now);
  const today = now.toISOString().slice(0, 10);
  const defaultFrom = lastDays(defaultRangeDays - 1, now)
    .from.toISOString()
    .slice(0, 10);
  const fromDay = await vscode.window.showInputBox({
    title: 'First day (UTC)',
    prompt: 'The first day to show, written YYYY-MM-DD.',
    value: defaultFrom,
    validateInput: (text) => {
      const checked = customRange(text, text);
      return checked.ok ? undefined : checked.message;
    },
  });
  if (fromDay === undefined) return undefined;
  const toDay = await vscode.window.showInputBox({
    title: 'Last day (UTC)',
    prompt: `The last day to show, written YYYY-MM-DD: at most ${maxAnalyticsDays} days from ${fromDay.trim()}.`,
    value: today,
    validateInput: (text) => {
      const checked = customRange(fromDay, text);
      return checked.ok ? undefined : checked.message;
    },
  });
  if (toDay === undefined) return undefined;
  const range = customRange(fromDay, toDay);
  return range.ok ? { from: range.from, to: range.to } : undefined;
}
