// Each documented command with a valid base body on the state it needs, for the generated-input test
// (tests/integration/generated_input.test.mjs).
import { connect, newUser, uniqueName } from '../client.mjs';
import { readProtocol } from '../protocol_fields.mjs';
import {
  CM, LF, OTH, RV, S, W, atTurn, synced, battle, briefed, bview, cmwdFirstStage, colonels, departed, diaryBody, expeditionDraft, forced, inBattle, killColonelA, months, nextNumber, ok, othBody, othTalking, putMotion, regiments, reiversBody, server, startYear, table, turnOf, uid, uview,
} from './world.mjs';

const DOC = readProtocol();

// --- The commands: a base body each, on the state it needs --------------------------------------------------------
// sender: whose socket sends it. setup(worker, old): a context (old: the last one, to build on). base(ctx): a body
// accepted now. mode after an accepted input: 'repeat' (the base stays valid), 'prepare' (prepare(ctx) makes it valid
// again), 'fresh' (a new context). spec: which of the command's documented specs (a book's, a variant).
// expectBase: the code a valid body gets (a command only the server's clock may send).
const C = (name, o) => ({ name, label: o.label ?? name, sender: 'U', mode: 'repeat', ...o });
export const ENTRIES = [
  // Campaigns.
  C('campaign.create', { setup: (w) => table(w), sender: 'D', base: () => ({ name: 'A new campaign' }), listCheck: true }),
  C('campaign.list', { setup: (w) => table(w), base: () => ({}) }),
  C('campaign.invite', { setup: (w) => table(w), base: (ctx) => ({ campaign: ctx.campaign, role: 'player' }) }),
  C('campaign.revoke_invite', {
    setup: (w) => table(w), mode: 'prepare', prepareFirst: true,
    prepare: async (ctx) => { ctx.data.code = (await ok(S(ctx, 'U'), 'campaign.invite', { campaign: ctx.campaign, role: 'observer' })).code; },
    base: (ctx) => ({ campaign: ctx.campaign, code: ctx.data.code }),
  }),
  C('campaign.join', {
    setup: (w) => table(w), sender: 'X', mode: 'prepare', prepareFirst: true,
    prepare: async (ctx) => {
      const u = await newUser(server, uniqueName('gi_out'));
      await ctx.data.outsider?.client.close().catch(() => {});
      ctx.data.outsider = { user: u, client: await connect(server, u.cookie) };
    },
    base: (ctx) => ({ code: ctx.codes.observer }),
  }),
  C('campaign.subscribe', { setup: (w) => table(w), sender: 'A', base: (ctx) => ({ campaign: ctx.campaign, since: W.watch.A.version(ctx.campaign) }) }),
  C('campaign.unsubscribe', { setup: (w) => table(w), sender: 'A', base: (ctx) => ({ campaign: ctx.campaign }) }),
  C('campaign.close', { setup: (w) => table(w, { players: ['A'] }), mode: 'fresh', base: (ctx) => ({ campaign: ctx.campaign }) }),
  C('chat.say', { setup: (w) => table(w), sender: 'A', base: (ctx) => ({ campaign: ctx.campaign, text: 'Huzzah' }) }),
  C('notice.post', { setup: (w) => table(w), base: (ctx) => ({ campaign: ctx.campaign, text: 'Orders of the day', private: false }) }),
  C('notice.answer', {
    setup: async (w) => {
      const ctx = await table(w);
      await ok(S(ctx, 'U'), 'rules.set', { campaign: ctx.campaign, settings: { notice_answers: true } });
      await ok(S(ctx, 'U'), 'notice.post', { campaign: ctx.campaign, text: 'Orders of the day' });
      return synced(ctx);
    },
    sender: 'A', base: (ctx) => ({ campaign: ctx.campaign, notice: 1, text: 'Yes, sir' }),
  }),
  C('dice.roll', { setup: (w) => table(w), sender: 'A', base: (ctx) => ({ campaign: ctx.campaign, dice: '2d6', reason: 'weather', private: false }) }),
  C('campaign.webhook', { setup: (w) => table(w), base: (ctx) => ({ campaign: ctx.campaign, url: 'http://127.0.0.1:9/hook' }) }),

  // The campaign year.
  C('colonel.create', {
    setup: (w) => table(w), sender: 'A', mode: 'fresh',
    base: (ctx) => ({ campaign: ctx.campaign, name: 'Kemp', profile: { age: 40, social_status: 'gentleman', marital_status: 'married', background: 'Kent', experience: 'Flanders' }, pip: 5 }),
  }),
  C('colonel.update', {
    setup: async (w) => colonels(await table(w)), sender: 'A',
    base: (ctx) => ({ campaign: ctx.campaign, name: 'Kemp', profile: { age: 41, social_status: 'knight', marital_status: 'single', background: 'Kent', experience: 'none' }, pip: 6 }),
  }),
  C('objective.choose', { setup: async (w) => colonels(await table(w)), sender: 'A', base: (ctx) => ({ campaign: ctx.campaign, kind: 'custom', text: 'Take Lille' }) }),
  C('objective.review', {
    setup: async (w) => colonels(await table(w)), mode: 'prepare', prepareFirst: true,
    prepare: (ctx) => ok(S(ctx, 'A'), 'objective.choose', { campaign: ctx.campaign, kind: 'custom', text: 'Take Lille' }),
    base: (ctx) => ({ campaign: ctx.campaign, colonel: uid('A'), approve: true, note: 'Approved' }),
  }),
  C('rules.set', { setup: (w) => table(w), base: (ctx) => ({ campaign: ctx.campaign, settings: { wage: 12, present: 'submitted', late_colonels_buy_pip: false } }), nested: () => DOC.houseRules }),
  C('auction.open', {
    setup: async (w) => colonels(await table(w)), mode: 'prepare',
    prepare: async (ctx) => { if (uview(ctx).year.auction.lot) await ok(S(ctx, 'U'), 'auction.close', { campaign: ctx.campaign }); },
    base: (ctx) => ({ campaign: ctx.campaign, regiment: 5, countdown_seconds: 600 }),
  }),
  C('auction.bid', {
    setup: async (w) => { const ctx = await colonels(await table(w)); await ok(S(ctx, 'U'), 'auction.open', { campaign: ctx.campaign, regiment: 5 }); return ctx; },
    sender: 'A', base: (ctx) => ({ campaign: ctx.campaign, amount: (uview(ctx).year.auction.lot?.high?.amount ?? 0) + 1 }),
  }),
  C('auction.close', {
    setup: async (w) => colonels(await table(w)), mode: 'prepare', prepareFirst: true,
    prepare: async (ctx) => { if (!uview(ctx).year.auction.lot) await ok(S(ctx, 'U'), 'auction.open', { campaign: ctx.campaign, regiment: 5 }); },
    base: (ctx) => ({ campaign: ctx.campaign, lot: uview(ctx).year.auction.lot?.lot ?? 1 }),
  }),
  C('regiment.buy', {
    setup: async (w) => { const ctx = await months(w, { third: false }); await ok(S(ctx, 'C'), 'colonel.create', { campaign: ctx.campaign, name: 'Late' }); return ctx; },
    sender: 'C', mode: 'fresh', base: (ctx) => ({ campaign: ctx.campaign, regiment: 3 }),
  }),
  C('regiment.rename', { setup: async (w) => regiments(await colonels(await table(w))), sender: 'A', base: (ctx) => ({ campaign: ctx.campaign, name: 'The Buffs' }) }),
  C('year.start', { setup: (w) => table(w, { players: [], observers: ['O'] }), mode: 'fresh', base: (ctx) => ({ campaign: ctx.campaign, year: '1744', month: 3 }) }),
  C('month.set_deadline', {
    setup: async (w) => startYear(await table(w, { players: ['A'] })), mode: 'fresh',
    base: (ctx) => ({ campaign: ctx.campaign, deadline: Date.now() + 30 * 86400000, reason: 'the post is slow', turn: turnOf(ctx) }),
  }),
  C('month.deadline_rule', { setup: async (w) => startYear(await table(w, { players: ['A'] })), base: (ctx) => ({ campaign: ctx.campaign, weekday: 0, time: '20:00', time_zone: 'Europe/London' }) }),
  C('month.pause', {
    setup: async (w) => startYear(await table(w, { players: ['A'] })), mode: 'prepare',
    prepare: (ctx) => ok(S(ctx, 'U'), 'month.resume', { campaign: ctx.campaign, reason: 'on' }),
    base: (ctx) => ({ campaign: ctx.campaign, reason: 'The club dinner' }),
  }),
  C('month.resume', {
    setup: async (w) => { const ctx = await startYear(await table(w, { players: ['A'] })); await ok(S(ctx, 'U'), 'month.pause', { campaign: ctx.campaign, reason: 'off' }); return ctx; },
    mode: 'prepare', prepare: (ctx) => ok(S(ctx, 'U'), 'month.pause', { campaign: ctx.campaign, reason: 'off' }),
    base: (ctx) => ({ campaign: ctx.campaign, reason: 'Back to it' }),
  }),
  C('month.remind', { setup: async (w) => startYear(await table(w, { players: ['A'] })), expectBase: 'forbidden', base: (ctx) => ({ campaign: ctx.campaign, at: Date.now() }) }),
  C('auction.remind', {
    setup: async (w) => { const ctx = await colonels(await table(w)); await ok(S(ctx, 'U'), 'auction.open', { campaign: ctx.campaign, regiment: 5, countdown_seconds: 7200 }); return ctx; },
    expectBase: 'forbidden', base: (ctx) => ({ campaign: ctx.campaign, lot: 1, at: Date.now() }),
  }),
  C('diary.standing', { setup: (w) => months(w), sender: 'A', base: (ctx) => diaryBody(ctx), spec: 'diary.submit' }),
  C('leave.declare', {
    setup: (w) => months(w), sender: 'A', mode: 'prepare',
    prepare: async (ctx) => { for (const t of [...(uview(ctx).year.colonels[String(uid('A'))].leave ?? [])]) await ok(S(ctx, 'A'), 'leave.cancel', { campaign: ctx.campaign, turn: typeof t === 'object' ? t.turn : t }); },
    base: (ctx) => ({ campaign: ctx.campaign, from: turnOf(ctx) + 1, months: 1 }),
  }),
  C('leave.cancel', {
    setup: async (w) => { const ctx = await months(w); await ok(S(ctx, 'A'), 'leave.declare', { campaign: ctx.campaign, from: turnOf(ctx) + 1, months: 1 }); return ctx; },
    sender: 'A', mode: 'prepare', prepare: (ctx) => ok(S(ctx, 'A'), 'leave.declare', { campaign: ctx.campaign, from: turnOf(ctx) + 1, months: 1 }),
    base: (ctx) => ({ campaign: ctx.campaign, turn: turnOf(ctx) + 1 }),
  }),
  C('colonel.handover', { setup: async (w) => colonels(await table(w)), mode: 'fresh', base: (ctx) => ({ campaign: ctx.campaign, colonel: uid('A'), to: uid('C') }) }),
  C('diary.submit', { setup: (w) => months(w), sender: 'A', base: (ctx) => diaryBody(ctx) }),
  C('diary.submit', { label: 'diary.submit[umpire]', setup: (w) => months(w), base: (ctx) => ({ ...diaryBody(ctx), colonel: uid('B') }) }),
  C('diary.publish', {
    setup: async (w) => { const ctx = await months(w); await ok(S(ctx, 'A'), 'diary.submit', diaryBody(ctx)); return ctx; },
    sender: 'A', mode: 'prepare', prepare: (ctx) => ok(S(ctx, 'A'), 'diary.submit', { ...diaryBody(ctx), text: `Another month ${nextNumber()}.` }),
    base: (ctx) => ({ campaign: ctx.campaign, turn: turnOf(ctx) }),
  }),
  C('month.resolve', { setup: (w) => months(w), base: (ctx) => ({ campaign: ctx.campaign, turn: turnOf(ctx) }) }),
  C('month.undo', {
    setup: (w) => months(w), mode: 'prepare', prepareFirst: true,
    prepare: (ctx) => ok(S(ctx, 'U'), 'month.resolve', { campaign: ctx.campaign }),
    base: (ctx) => ({ campaign: ctx.campaign, reason: 'A mistake' }),
  }),
  C('report.note', {
    setup: async (w) => { const ctx = await months(w); await ok(S(ctx, 'U'), 'month.resolve', { campaign: ctx.campaign }); return ctx; },
    base: (ctx) => ({ campaign: ctx.campaign, colonel: uid('A'), text: 'The inspector counted 7 companies' }),
  }),
  C('colonel.adjust', { setup: (w) => months(w), base: (ctx) => ({ campaign: ctx.campaign, colonel: uid('A'), field: 'pip', value: 40, reason: 'a gift' }) }),
  C('colonel.away', { setup: (w) => months(w), base: (ctx) => ({ campaign: ctx.campaign, colonel: uid('A'), away: 'sea' }) }),
  C('colonel.succeed', {
    setup: async (w) => { const ctx = await months(w, { rules: { colonel_fates: 'all' } }); await killColonelA(ctx); return ctx; },
    mode: 'prepare', prepare: (ctx) => killColonelA(ctx),
    base: (ctx) => ({ campaign: ctx.campaign, colonel: uid('A'), name: 'Kemp the Younger', profile: { age: 20, social_status: 'heir' } }),
  }),
  C('regiment.losses', { setup: (w) => months(w), base: (ctx) => ({ campaign: ctx.campaign, colonel: uid('A'), companies: 9, reason: 'fever' }) }),

  // Expeditions and the War Office Committee.
  C('crisis.roll', { setup: (w) => months(w, { third: false }), base: (ctx) => ({ campaign: ctx.campaign }) }),
  C('expedition.create', {
    setup: (w) => months(w, { third: false }), mode: 'prepare',
    prepare: (ctx) => ok(S(ctx, 'U'), 'expedition.discard', { campaign: ctx.campaign }),
    base: (ctx) => ({ campaign: ctx.campaign, generate: true }),
  }),
  C('expedition.generate', { setup: async (w) => { const ctx = await months(w, { third: false }); await expeditionDraft(ctx); return ctx; }, base: (ctx) => ({ campaign: ctx.campaign }) }),
  C('expedition.discard', {
    setup: async (w) => { const ctx = await months(w, { third: false }); await expeditionDraft(ctx); return ctx; },
    mode: 'prepare', prepare: (ctx) => ok(S(ctx, 'U'), 'expedition.create', { campaign: ctx.campaign, generate: false }),
    base: (ctx) => ({ campaign: ctx.campaign }),
  }),
  C('expedition.edit', {
    setup: async (w) => { const ctx = await months(w, { third: false }); await expeditionDraft(ctx); return ctx; },
    base: (ctx) => ({ campaign: ctx.campaign, field: 'region', value: 'Flanders', public: true }),
  }),
  C('expedition.edit', {
    label: 'expedition.edit[briefed]', setup: (w) => briefed(w),
    base: (ctx) => ({ campaign: ctx.campaign, expedition: ctx.data.expedition, field: 'disease_risk', value: 30, public: false }),
  }),
  C('expedition.brief', {
    setup: async (w) => { const ctx = await months(w, { third: false }); await expeditionDraft(ctx); return ctx; },
    mode: 'prepare', prepare: (ctx) => expeditionDraft(ctx), base: (ctx) => ({ campaign: ctx.campaign }),
  }),
  C('committee.attendance', { setup: (w) => briefed(w), base: (ctx) => ({ campaign: ctx.campaign, expedition: ctx.data.expedition, present: [uid('A'), uid('B'), uid('C')] }) }),
  C('motion.put', {
    setup: (w) => briefed(w),
    base: (ctx) => ({ campaign: ctx.campaign, expedition: ctx.data.expedition, question: 'Who commands?', options: [{ label: 'Kemp', regiments: [7], commander: uid('A') }, { label: 'The other', regiments: [12] }] }),
  }),
  C('motion.vote', {
    setup: async (w) => { const ctx = await briefed(w); await putMotion(ctx); return ctx; },
    sender: 'A', base: (ctx) => ({ campaign: ctx.campaign, expedition: ctx.data.expedition, motion: ctx.data.motion, pip: [2, 1] }),
  }),
  C('motion.close', {
    setup: async (w) => { const ctx = await briefed(w); await putMotion(ctx); return ctx; },
    mode: 'prepare', prepare: (ctx) => putMotion(ctx),
    base: (ctx) => ({ campaign: ctx.campaign, expedition: ctx.data.expedition, motion: ctx.data.motion, tie_break: 0 }),
  }),
  C('expedition.force', { setup: (w) => briefed(w), base: (ctx) => ({ campaign: ctx.campaign, expedition: ctx.data.expedition, regiments: [7, 12], commander: uid('A') }) }),
  C('expedition.roles', { setup: (w) => forced(w), base: (ctx) => ({ campaign: ctx.campaign, expedition: ctx.data.expedition, roles: { [uid('C')]: 'cavalry' } }) }),
  C('expedition.depart', { setup: (w) => forced(w), mode: 'fresh', base: (ctx) => ({ campaign: ctx.campaign, expedition: ctx.data.expedition, months_campaign: 2 }) }),
  C('expedition.outcome', {
    setup: (w) => departed(w),
    base: (ctx) => ({ campaign: ctx.campaign, expedition: ctx.data.expedition, outcome: { success: true, outnumbered: false, town_taken: true, riots_worse: false, battles_won: 1, losses_percent: { 7: 10 } } }),
  }),
  C('expedition.reckon', {
    setup: async (w) => { const ctx = await departed(w); await ok(S(ctx, 'U'), 'expedition.outcome', { campaign: ctx.campaign, expedition: ctx.data.expedition, outcome: { success: true } }); return ctx; },
    mode: 'fresh', base: (ctx) => ({ campaign: ctx.campaign, expedition: ctx.data.expedition }),
  }),

  // Battles: the generic commands on an Over the Hill battle, the books' own on theirs.
  C('battle.create', {
    label: 'battle.create[oth]', setup: (w) => table(w), base: (ctx) => othBody(ctx, { settings: { auto_run: true } }), refreshAfter: 25,
    nestedAlways: [['units', 0, 'troop_type'], ['units', 0, 'owner']],
  }),
  C('battle.create', { label: 'battle.create[reivers]', setup: (w) => table(w), base: (ctx) => reiversBody(ctx), refreshAfter: 25 }),
  C('battle.place', {
    setup: (w) => battle(w, 'oth', { setup: true }),
    base: (ctx) => inBattle(ctx, { unit: { id: OTH.unitA, side: 'british', owner: uid('A'), name: '33rd Foot', troop_type: 'formed_infantry', position: [50, 50], facing: 0 } }),
  }),
  C('battle.place', {
    label: 'battle.place[new unit]', setup: (w) => battle(w, 'oth', { setup: true }), refreshAfter: 25,
    // The body's "unit" is a new unit: the document's `unit`.
    spec: (c) => {
      const s = c.specs.find((x) => x.source.startsWith('heading body'));
      return { ...s, fields: s.fields.map((f) => (f.key === 'unit' ? { ...DOC.shapes.unit, key: 'unit', optional: true, oneOf: f.oneOf } : f)) };
    },
    base: (ctx) => inBattle(ctx, { unit: { side: 'french', owner: uid('B'), name: 'Picardie II', troop_type: 'militia', position: [100, 100], facing: 180 } }),
  }),
  C('battle.place', {
    label: 'battle.place[in play]', setup: (w) => battle(w, 'oth'),
    base: (ctx) => inBattle(ctx, { leader: { id: OTH.leaderB, position: [53, 50] }, reason: 'the umpire moves him' }),
  }),
  C('battle.remove', {
    setup: (w) => battle(w, 'oth', { setup: true }), mode: 'prepare', prepareFirst: true,
    prepare: (ctx) => ok(S(ctx, 'U'), 'battle.place', inBattle(ctx, { unit: { id: 9, side: 'french', name: 'Spare', troop_type: 'militia', position: [100, 100] } })),
    base: (ctx) => inBattle(ctx, { unit: 9 }),
  }),
  C('battle.settings', { setup: (w) => battle(w, 'oth'), base: (ctx) => inBattle(ctx, { settings: { talk_cm: 6, turn_seconds: 0 } }) }),
  C('battle.start', {
    setup: (w) => battle(w, 'oth', { setup: true }), mode: 'prepare',
    prepare: async (ctx) => { await battle(ctx.worker, 'oth', { setup: true, ctx }); },
    base: (ctx) => inBattle(ctx),
  }),
  C('card.play', { label: 'card.play[order]', setup: (w) => battle(w, 'oth'), sender: 'A', base: (ctx) => atTurn(ctx, { card: 'order.advance', unit: OTH.unitA }) }),
  C('card.play', { label: 'card.play[move]', setup: (w) => battle(w, 'oth'), sender: 'A', base: (ctx) => atTurn(ctx, { card: 'move', to: [52, 60] }) }),
  C('card.play', { label: 'card.play[talk]', setup: (w) => battle(w, 'oth'), sender: 'A', base: (ctx) => atTurn(ctx, { card: 'talk', leader: OTH.leaderB }) }),
  C('card.withdraw', {
    setup: (w) => battle(w, 'oth'), sender: 'A', mode: 'prepare', prepareFirst: true,
    prepare: (ctx) => ok(S(ctx, 'A'), 'card.play', atTurn(ctx, { card: 'no_action' })),
    base: (ctx) => atTurn(ctx),
  }),
  C('battle.submit', { label: 'battle.submit[oth]', spec: (c) => c.specs.find((s) => s.aliasOf === 'card.play'), setup: (w) => battle(w, 'oth'), sender: 'A', base: (ctx) => atTurn(ctx, { box: 'cards', card: 'order.advance', unit: OTH.unitA }) }),
  C('battle.withdraw', {
    label: 'battle.withdraw[oth]', setup: (w) => battle(w, 'oth'), sender: 'A', mode: 'prepare', prepareFirst: true,
    prepare: (ctx) => ok(S(ctx, 'A'), 'card.play', atTurn(ctx, { card: 'no_action' })),
    base: (ctx) => atTurn(ctx),
  }),
  C('battle.close_turn', { setup: (w) => battle(w, 'oth'), base: (ctx) => atTurn(ctx) }),
  C('battle.step', {
    setup: (w) => battle(w, 'oth', { settings: { auto_run: false } }), mode: 'prepare', prepareFirst: true,
    prepare: async (ctx) => { if (bview(ctx).status !== 'resolving') await ok(S(ctx, 'U'), 'battle.close_turn', atTurn(ctx)); },
    base: (ctx) => atTurn(ctx, { step: bview(ctx).next_step, dice: [] }), // no card played: no step of the turn throws a die, and dice it does not throw are refused
  }),
  C('battle.act', { label: 'battle.act[oth]', spec: (c) => c.specs.find((s) => s.source === 'heading body'), setup: (w) => battle(w, 'oth'), sender: 'A', expectBase: 'wrong_phase', base: (ctx) => atTurn(ctx, { action: 'move' }) }),
  C('battle.override', { label: 'battle.override[oth tp]', variant: [null, 'tp'], setup: (w) => battle(w, 'oth'), base: (ctx) => inBattle(ctx, { what: 'tp', unit: OTH.unitB, value: 3, reason: 'heavy losses' }) }),
  C('battle.override', { label: 'battle.override[oth move]', variant: [null, 'move'], setup: (w) => battle(w, 'oth'), base: (ctx) => inBattle(ctx, { what: 'move', unit: OTH.unitB, position: [60, 100], facing: 180, formation: 'line', reason: 'the umpire says so' }) }),
  C('battle.override', { label: 'battle.override[oth result]', variant: [null, 'result'], setup: (w) => battle(w, 'oth'), base: (ctx) => inBattle(ctx, { what: 'result', unit: OTH.unitB, result: 'OK', reason: 'steady' }) }),
  C('battle.override', { label: 'battle.override[oth order]', variant: [null, 'order'], setup: (w) => battle(w, 'oth'), base: (ctx) => inBattle(ctx, { what: 'order', unit: OTH.unitB, order: 'fire', reason: 'imposed' }) }),
  C('battle.override', {
    label: 'battle.override[oth reaction_test]', variant: [null, 'reaction_test'], setup: (w) => battle(w, 'oth'),
    base: (ctx) => inBattle(ctx, { what: 'reaction_test', unit: OTH.unitB, modifiers: { outnumbered: false, outflanked: false, enemy_drill_more_than_2_better: false, leader_with_unit: false, supported: false, enemy_falling_back: false, umpire_modifier: 0 }, dice: [4], reason: 'a good idea' }),
  }),
  C('battle.override', { label: 'battle.override[oth record]', variant: [null, 'record'], setup: (w) => battle(w, 'oth'), base: (ctx) => inBattle(ctx, { what: 'record', unit: OTH.unitB, times_ran_away: 1, turns_of_musketry_received: 1, turns_fired_on_by_cannon: 0, reason: 'as played' }) }),
  C('battle.override', { label: 'battle.override[oth leader]', variant: [null, 'leader'], setup: (w) => battle(w, 'oth'), base: (ctx) => inBattle(ctx, { what: 'leader', leader: OTH.leaderB, fate: 'unhurt', reason: 'only a scratch' }) }),
  C('talk.say', { setup: (w) => othTalking(w), sender: 'A', base: (ctx) => atTurn(ctx, { to: uid('B'), text: 'A parley?' }) }),
  C('battle.end', {
    setup: (w) => battle(w, 'oth'), mode: 'prepare',
    prepare: async (ctx) => { await battle(ctx.worker, 'oth', { ctx }); },
    base: (ctx) => inBattle(ctx),
  }),
  C('battle.save_scenario', { setup: (w) => battle(w, 'oth', { setup: true }), base: (ctx) => inBattle(ctx, { name: 'Prestonpans again', description: 'as it stood' }) }),

  // Border Reivers.
  C('battle.submit', { label: 'battle.submit[reivers]', spec: (c) => c.specs.find((s) => s.ruleset === 'reivers'), setup: (w) => battle(w, 'reivers'), sender: 'A', mode: 'prepare', prepare: async (ctx) => { await battle(ctx.worker, 'reivers', { ctx }); }, base: (ctx) => atTurn(ctx) }),
  C('battle.act', { label: 'battle.act[reivers detect]', variant: ['reivers', 'detect'], setup: (w) => battle(w, 'reivers'), sender: 'A', mode: 'prepare', prepare: async (ctx) => { await battle(ctx.worker, 'reivers', { ctx }); }, base: (ctx) => atTurn(ctx, { action: 'detect', at: [700, 500], craft: 1 }) }),
  C('battle.act', { label: 'battle.act[reivers move]', variant: ['reivers', 'move'], setup: (w) => battle(w, 'reivers'), sender: 'A', mode: 'prepare', prepare: async (ctx) => { await battle(ctx.worker, 'reivers', { ctx }); }, base: (ctx) => atTurn(ctx, { action: 'move', unit: RV.nameA, to: [650, 520] }) }),
  C('battle.act', { label: 'battle.act[reivers move_heidman]', variant: ['reivers', 'move_heidman'], setup: (w) => battle(w, 'reivers'), sender: 'A', mode: 'prepare', prepare: async (ctx) => { await battle(ctx.worker, 'reivers', { ctx }); }, base: (ctx) => atTurn(ctx, { action: 'move_heidman', to: [620, 520] }) }),
  C('battle.act', { label: 'battle.act[reivers conceal]', variant: ['reivers', 'conceal'], setup: (w) => battle(w, 'reivers'), sender: 'A', mode: 'prepare', prepare: async (ctx) => { await battle(ctx.worker, 'reivers', { ctx }); }, base: (ctx) => atTurn(ctx, { action: 'conceal', unit: RV.nameA, craft: 3 }) }),
  C('battle.override', { label: 'battle.override[reivers terrain]', variant: ['reivers', 'terrain'], setup: (w) => battle(w, 'reivers'), base: (ctx) => inBattle(ctx, { what: 'terrain', feature: RV.marsh, roll: 3, reveal_to: '*', reason: 'the umpire rolls' }) }),
  C('battle.override', { label: 'battle.override[reivers marker]', variant: ['reivers', 'marker'], setup: (w) => battle(w, 'reivers'), base: (ctx) => inBattle(ctx, { what: 'marker', unit: RV.nameB, marker: 'under_fire', value: 1, reason: 'shot at' }) }),
  C('battle.override', { label: 'battle.override[reivers feud]', variant: ['reivers', 'feud'], setup: (w) => battle(w, 'reivers'), base: (ctx) => inBattle(ctx, { what: 'feud', by: RV.nameA, against: [RV.nameB], reason: 'an old quarrel' }) }),

  // Chosen Men, Well Disposed.
  C('battle.submit', { label: 'battle.submit[cmwd bid]', spec: (c) => c.specs.find((s) => s.ruleset === 'cmwd' && s.fields.some((f) => f.key === 'bid')), setup: (w) => battle(w, 'cmwd'), sender: 'A', mode: 'prepare', prepare: (ctx) => ok(S(ctx, 'A'), 'battle.withdraw', atTurn(ctx)), base: (ctx) => atTurn(ctx, { bid: 2 }), symbols: { points: 4 } }),
  C('battle.withdraw', { label: 'battle.withdraw[cmwd]', setup: async (w) => { const ctx = await battle(w, 'cmwd'); await ok(S(ctx, 'A'), 'battle.submit', atTurn(ctx, { bid: 2 })); return ctx; }, sender: 'A', mode: 'prepare', prepare: (ctx) => ok(S(ctx, 'A'), 'battle.submit', atTurn(ctx, { bid: 2 })), base: (ctx) => atTurn(ctx) }),
  C('battle.act', { label: 'battle.act[cmwd order]', variant: ['cmwd', 'order'], setup: (w) => cmwdFirstStage(w), sender: 'A', mode: 'prepare', prepare: async (ctx) => { await cmwdFirstStage(ctx.worker, ctx); }, base: (ctx) => atTurn(ctx, { action: 'order', brigade: 'maitland' }) }),
  C('battle.act', {
    label: 'battle.act[cmwd wheel]', variant: ['cmwd', 'wheel'], sender: 'A', mode: 'prepare',
    setup: async (w) => { const ctx = await cmwdFirstStage(w); await ok(S(ctx, 'A'), 'battle.act', atTurn(ctx, { action: 'order', brigade: 'maitland' })); return ctx; },
    prepare: async (ctx) => { await cmwdFirstStage(ctx.worker, ctx); await ok(S(ctx, 'A'), 'battle.act', atTurn(ctx, { action: 'order', brigade: 'maitland' })); },
    base: (ctx) => atTurn(ctx, { action: 'wheel', unit: CM.rifles, direction: 'left', distance: 0.5 }),
  }),
  C('battle.act', {
    label: 'battle.act[cmwd fire]', variant: ['cmwd', 'fire'], sender: 'A', mode: 'prepare',
    setup: (w) => cmwdFirstStage(w), prepare: async (ctx) => { await cmwdFirstStage(ctx.worker, ctx); },
    base: (ctx) => atTurn(ctx, { action: 'fire', unit: CM.guards, target: CM.ligne }),
  }),
  C('battle.generate', { setup: (w) => battle(w, 'cmwd', { setup: true }), base: (ctx) => inBattle(ctx, { generator: 'french', division: 'cavalry', side: 'french', at: [20, 100], facing: 180 }) }),
  C('battle.override', { label: 'battle.override[cmwd tempo]', variant: ['cmwd', 'tempo'], setup: (w) => battle(w, 'cmwd'), base: (ctx) => inBattle(ctx, { what: 'tempo', side: 'british', points: 5, reason: 'the scenario' }) }),
  C('battle.override', { label: 'battle.override[cmwd marker]', variant: ['cmwd', 'marker'], setup: (w) => battle(w, 'cmwd'), base: (ctx) => inBattle(ctx, { what: 'marker', unit: CM.ligne, marker: 'shaken', value: 1, reason: 'shaken' }) }),
  C('battle.override', { label: 'battle.override[cmwd spent]', variant: ['cmwd', 'spent'], setup: (w) => battle(w, 'cmwd'), base: (ctx) => inBattle(ctx, { what: 'spent', brigade: 'foy', spent: false, reason: 'rallied' }) }),

  // Loose Files and American Scramble.
  C('battle.submit', {
    label: 'battle.submit[lfas]', spec: (c) => c.specs.find((s) => s.ruleset === 'lfas'), setup: (w) => battle(w, 'lfas'), sender: 'A', mode: 'prepare',
    prepare: (ctx) => ok(S(ctx, 'A'), 'battle.withdraw', atTurn(ctx)),
    base: (ctx) => atTurn(ctx, { fire: [{ unit: LF.fusiliers, target: LF.militia }], command: [{ spend: 'order', units: [LF.foot] }], move: [{ unit: LF.foot, av: 1, d6: 0, to: [30, 14] }] }),
  }),
  C('battle.withdraw', {
    label: 'battle.withdraw[lfas]', sender: 'A', mode: 'prepare',
    setup: async (w) => { const ctx = await battle(w, 'lfas'); await ok(S(ctx, 'A'), 'battle.submit', atTurn(ctx, { fire: [], command: [], move: [] })); return ctx; },
    prepare: (ctx) => ok(S(ctx, 'A'), 'battle.submit', atTurn(ctx, { fire: [], command: [], move: [] })),
    base: (ctx) => atTurn(ctx),
  }),
  C('battle.override', { label: 'battle.override[lfas dp]', variant: ['lfas', 'dp'], setup: (w) => battle(w, 'lfas'), base: (ctx) => inBattle(ctx, { what: 'dp', unit: LF.militia, value: 2, reason: 'disordered' }) }),
  C('battle.override', { label: 'battle.override[lfas cp]', variant: ['lfas', 'cp'], setup: (w) => battle(w, 'lfas'), base: (ctx) => inBattle(ctx, { what: 'cp', leader: LF.cinc, value: 3, reason: 'the scenario' }) }),
  C('battle.override', { label: 'battle.override[lfas formation]', variant: ['lfas', 'formation'], setup: (w) => battle(w, 'lfas'), base: (ctx) => inBattle(ctx, { what: 'formation', unit: LF.militia, formation: 'column', reason: 'formed' }) }),
];
