/**
 * The support chat round trip (§4.4) against the real gateway and the embedded upstream: the owner
 * starts a chat, the support agent takes it and replies through the staff REST API from a session
 * of their own, the owner sees 'now talking to' and the reply, the agent archives the session,
 * and the owner rates it. Also the no-access notice of a user without the chat (§6).
 */
import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { apiSession, closeSessionDialogs, signIn } from "./helpers/session.ts";

const readJson = (path: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`../../${path}`, import.meta.url), "utf8"));
/** English texts (locales/en.json). */
const text = readJson("locales/en.json");
const t = (key: string): string => {
  const value = text[key];
  if (value === undefined) throw new Error(`no English text for ${key}`);
  return value;
};

const chatButton = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^Support chat/ });
const chatPanel = (page: Page) => page.getByRole("dialog", { name: t("Chat_Title") });

interface StaffSession {
  RecId: number;
  UserFullName: string;
  Rating: number | null;
}

test("owner and support agent: start, take, reply, archive, rate", async ({ page }) => {
  await signIn(page, "owner");
  await page.goto("/");
  await closeSessionDialogs(page);
  await chatButton(page).click();
  const panel = chatPanel(page);
  await expect(panel.getByText(t("Chat_StartIntro"))).toBeVisible();

  // Blank messages are not sent (§5); a real one starts the session.
  const field = panel.getByRole("textbox", { name: t("Chat_MessageLabel") });
  await field.fill("   ");
  await panel.getByRole("button", { name: t("Chat_StartButton") }).click();
  await expect(panel.getByRole("log")).toHaveCount(0);
  const question = `My dashboard will not load (${Date.now()})`;
  await field.fill(question);
  await panel.getByRole("button", { name: t("Chat_StartButton") }).click();
  const log = panel.getByRole("log", { name: t("Chat_Conversation") });
  await expect(log.getByText(question)).toBeVisible();
  await expect(log.getByText(t("Chat_Sending"))).toHaveCount(0);

  // The support agent, from a session of their own, takes the session and replies.
  const { api: staff, headers } = await apiSession("supportAgent");
  const waiting = (await (await staff.get("/api/Admin/SupportChat/Sessions?status=Waiting")).json()) as {
    Items: StaffSession[];
  };
  const session = waiting.Items.find((item) => item.UserFullName === "Olivia Owner");
  expect(session).toBeDefined();
  const base = `/api/Admin/SupportChat/Sessions/${session?.RecId}`;
  expect((await staff.post(`${base}/Take`, { headers })).ok()).toBe(true);
  const reply = "Hi Olivia, I am looking at it now.";
  expect((await staff.post(`${base}/Messages`, { headers, data: { Text: reply } })).ok()).toBe(true);

  await expect(log.getByText(/You are now talking to Sofia/)).toBeVisible();
  await expect(log.getByText(reply)).toBeVisible();

  // Archiving asks the owner for a rating; submitting clears the conversation.
  expect((await staff.post(`${base}/Archive`, { headers })).ok()).toBe(true);
  const rating = page.getByRole("dialog", { name: t("Chat_RatingTitle") });
  await expect(rating).toBeVisible();
  await rating.getByRole("button", { name: t("Chat_RatingSubmit") }).click();
  await expect(rating.getByRole("alert")).toHaveText(text.ValidationErrorMessage_Required ?? "");
  await rating.getByRole("radio", { name: t("Chat_RatingValue_5") }).check();
  await rating.getByRole("textbox", { name: t("Chat_RatingFeedback") }).fill("Fast and friendly.");
  await rating.getByRole("button", { name: t("Chat_RatingSubmit") }).click();
  await expect(rating).toBeHidden();
  await expect(page.getByText(t("Chat_RatingThanks"))).toBeVisible();

  const archived = (await (await staff.get(base)).json()) as StaffSession;
  expect(archived.Rating).toBe(5);
  await staff.dispose();

  if (!(await chatPanel(page).isVisible())) await chatButton(page).click();
  await expect(chatPanel(page).getByText(t("Chat_StartIntro"))).toBeVisible();
  await expect(chatPanel(page).getByRole("log")).toHaveCount(0);
});

test("a user whose subscription lacks the chat sees the no-access notice with its links", async ({
  page,
}) => {
  await signIn(page, "starter");
  await page.goto("/");
  await closeSessionDialogs(page);
  await chatButton(page).click();
  const panel = chatPanel(page);
  await expect(panel.getByText(t("Chat_NoAccess"))).toBeVisible();
  await expect(panel.getByRole("link", { name: t("Chat_LearnMore") })).toHaveAttribute("href", /^https:\/\//);
  await panel.getByRole("link", { name: t("Chat_Upgrade") }).click();
  await expect(page).toHaveURL(/\/upgrade/);
});
