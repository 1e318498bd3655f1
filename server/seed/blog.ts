import type { SeedPost } from "./types";

/** The sample news post (the spec's /admin/insert-marvel-post article), written for Pocket Retro. */
export const seedPost: SeedPost = {
  slug: "marvel-rivals-may-15-update",
  title: "Marvel Rivals May 15 Update: Balance Changes at a Glance",
  excerpt:
    "The May 15 Marvel Rivals balance update touches all three roles. Here are the patch-note highlights and what they could mean for your next match.",
  author: "Admin",
  tags: ["gaming news", "marvel rivals", "updates"],
  date: "2026-05-15T09:00:00.000Z",
  contentHtml: [
    "<p>We mostly write about pocket-sized retro consoles here, but plenty of our customers split their evenings between 16-bit classics and modern online games. So when the team-based hero shooter <strong>Marvel Rivals</strong> rolled out its <strong>May 15 balance update</strong>, the question in our inbox was obvious: what changed, and does my main still work?</p>",
    "<p>Below is our summary of the highlights from the patch notes. We have kept it deliberately broad: exact numbers shift between patches and hotfixes, so treat this as a guide and check the official notes in the game's launcher before you rebuild your strategy.</p>",

    "<h2>The big picture</h2>",
    "<p>This is a <strong>balance patch</strong> rather than a content drop. The stated aim is to narrow the gap between the heroes that dominate competitive lobbies and the ones that rarely get picked, while keeping each character's identity intact. In practice that means small tuning passes on many heroes rather than dramatic reworks of a few.</p>",

    "<h2>Patch-note highlights by role</h2>",
    "<ul>",
    "<li><strong>Vanguards:</strong> several tanks see adjustments to health pools and shield values, with the strongest front-liners trimmed slightly and a couple of under-used picks given more staying power.</li>",
    "<li><strong>Duelists:</strong> the notes focus on burst damage and mobility. Some of the most punishing combos are toned down, and cooldowns on a handful of escape abilities are adjusted so that diving into the back line carries more risk.</li>",
    "<li><strong>Strategists:</strong> healing output is rebalanced across the role, with the aim of making support choices less of a foregone conclusion in ranked play.</li>",
    "<li><strong>Team-Up abilities:</strong> a few pairings receive tuning so that hero combinations reward coordination without becoming mandatory.</li>",
    "<li><strong>Quality of life:</strong> the update also lists bug fixes, interface tidying and stability improvements across platforms.</li>",
    "</ul>",

    "<h2>What it means for your matches</h2>",
    "<p>Expect the first week after any balance patch to feel a little chaotic. Players test new builds, team compositions shuffle, and heroes who were everywhere last season may suddenly be rare. If your favourite was trimmed, give it a few games before switching: small percentage changes often matter less than they look on paper, and practice still beats tier lists.</p>",
    "<p>If one of the buffed heroes caught your eye, this is a great moment to learn them while the rest of the lobby is still adjusting too.</p>",

    "<blockquote>Shop tip: after a long session of fast-paced online matches, a few rounds of a slow, turn-based classic on a handheld is a surprisingly good way to wind down.</blockquote>",

    "<h2>Our take</h2>",
    "<p>Regular, measured balance passes are a healthy sign for any competitive game. They keep the meta moving without throwing away the time players have invested in learning a hero. We will keep an eye on follow-up hotfixes and share anything notable here on the blog.</p>",
    "<p>In the meantime, if you are after something to play away from your desk, take a look at <a href=\"/products\">our range of retro handhelds</a>, with thousands of classic games ready to go wherever you are.</p>",
  ].join(""),
};
