"""Vet clinic appointments: a small CRUD app for the tapwright zoo, built only from H2O Wave's own widgets.

State lives in $ZOO_DATA/clinic.json (copied from the seed file before the first start) and is written back
after every change. Pages are hash routes: #appointments, #patients, #reports, #settings.
"""
import json
import os
from pathlib import Path

from h2o_wave import Q, app, main, ui  # noqa: F401  (main is the ASGI entry point for `wave run`)

DATA = Path(os.environ.get('ZOO_DATA', '.')) / 'clinic.json'
SEED = Path(__file__).with_name('clinic.json')
STATE = json.loads((DATA if DATA.exists() else SEED).read_text())

SPECIES = ['Dog', 'Cat', 'Rabbit', 'Bird', 'Hamster', 'Reptile']
VISIT_TYPES = ['Check-up', 'Vaccination', 'Dental', 'Surgery', 'Emergency']
STATUSES = ['Scheduled', 'Confirmed', 'Completed', 'Cancelled', 'No-show']
TIMES = ['08:30', '09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '13:00', '13:30', '14:00', '14:30',
         '15:00', '15:30', '16:00', '16:30']
STATUS_COLORS = {'Scheduled': '$blue', 'Confirmed': '$teal', 'Completed': '$green', 'Cancelled': '$gray',
                 'No-show': '$red'}
PAGES = [('#appointments', 'Appointments'), ('#patients', 'Patients'), ('#reports', 'Reports'),
         ('#settings', 'Settings')]


def save() -> None:
    DATA.write_text(json.dumps(STATE, indent=1, ensure_ascii=False))


def patient(name: str) -> dict:
    return next((p for p in STATE['patients'] if p['name'] == name), {})


def next_id(items: list, prefix: str) -> str:
    nums = [int(i['id'].split('-')[1]) for i in items]
    width = 4 if prefix == 'A' else 2
    return f'{prefix}-{(max(nums) + 1 if nums else 1):0{width}d}'


def money(v) -> str:
    return f"€{float(v):,.2f}"


# ---------- layout ----------

def layouts(side: bool) -> list:
    body = [ui.zone('main', size='1')] + ([ui.zone('side', size='320px')] if side else [])
    return [ui.layout(breakpoint='xs', width='1280px', zones=[
        ui.zone('header'), ui.zone('tabs'), ui.zone('stats', direction=ui.ZoneDirection.ROW),
        ui.zone('body', direction=ui.ZoneDirection.ROW, zones=body), ui.zone('footer')])]


def init(q: Q) -> None:
    q.page['meta'] = ui.meta_card(box='', title='Paws & Claws — Wave', layouts=layouts(True))
    q.page['header'] = ui.header_card(box='header', title=STATE['settings']['clinic_name'],
                                      subtitle='Appointments desk', icon='Health', icon_color='#fff',
                                      secondary_items=[ui.text('Front desk: reception@pawsclaws.example')])
    q.page['footer'] = ui.footer_card(box='footer', caption='Paws & Claws · built with H2O Wave')


def clear_page(q: Q) -> None:
    for name in ['stats1', 'stats2', 'stats3', 'stats4', 'main', 'side', 'main2']:
        del q.page[name]


def tabs(q: Q, current: str) -> None:
    q.page['tabs'] = ui.tab_card(box='tabs', value=current, link=True,
                                 items=[ui.tab(name=n, label=label) for n, label in PAGES])
    q.page['header'].title = STATE['settings']['clinic_name']


def visible_appointments() -> list:
    rows = STATE['appointments']
    if not STATE['settings'].get('show_cancelled', True):
        rows = [a for a in rows if a['status'] != 'Cancelled']
    return rows


def appointments_page(q: Q, message: str | None = None, kind: str = 'success') -> None:
    clear_page(q)
    rows = visible_appointments()
    status_tags = ui.tag_table_cell_type(name='tags', tags=[
        ui.tag(label=s, color=c) for s, c in STATUS_COLORS.items()])
    items = []
    if message:
        items.append(ui.message_bar(type=kind, text=message))
    items += [
        ui.inline(justify='between', items=[
            ui.text_l(f'Appointments ({len(rows)})'),
            ui.buttons([ui.button(name='new_appointment', label='New appointment', primary=True, icon='Add')]),
        ]),
        ui.table(name='appointments', height='820px', resettable=True, downloadable=False, columns=[
            ui.table_column(name='id', label='ID', sortable=True, searchable=True, link=True, min_width='80px',
                            max_width='80px'),
            ui.table_column(name='date', label='Date', sortable=True, min_width='95px', max_width='95px'),
            ui.table_column(name='time', label='Time', sortable=True, min_width='55px', max_width='55px'),
            ui.table_column(name='patient', label='Patient', sortable=True, searchable=True, min_width='80px',
                            max_width='90px'),
            ui.table_column(name='species', label='Species', filterable=True, min_width='80px', max_width='80px'),
            ui.table_column(name='owner', label='Owner', sortable=True, searchable=True, min_width='125px'),
            ui.table_column(name='vet', label='Vet', sortable=True, filterable=True, min_width='130px'),
            ui.table_column(name='visit_type', label='Visit type', filterable=True, min_width='95px'),
            ui.table_column(name='status', label='Status', filterable=True, cell_type=status_tags,
                            min_width='105px'),
            ui.table_column(name='fee', label='Fee (€)', sortable=True, data_type='number', align='right',
                            min_width='70px', max_width='70px'),
        ], rows=[ui.table_row(name=a['id'], cells=[
            a['id'], a['date'], a['time'], a['patient'], patient(a['patient']).get('species', ''),
            patient(a['patient']).get('owner', ''), a['vet'], a['visit_type'], a['status'], str(a['fee'])])
            for a in rows]),
    ]
    q.page['main'] = ui.form_card(box='main', items=items)
    upcoming = [a for a in rows if a['status'] in ('Scheduled', 'Confirmed')]
    q.page['stats1'] = ui.small_stat_card(box='stats', title='Upcoming', value=str(len(upcoming)))
    q.page['stats2'] = ui.small_stat_card(box='stats', title='Completed visits',
                                          value=str(sum(1 for a in rows if a['status'] == 'Completed')))
    q.page['stats3'] = ui.small_stat_card(box='stats', title='Patients', value=str(len(STATE['patients'])))
    q.page['stats4'] = ui.small_stat_card(box='stats', title='Vets', value=str(len(STATE['vets'])))


def appointment_form(q: Q, a: dict | None, editing: bool | None = None) -> None:
    editing = a is not None if editing is None else editing
    s = STATE['settings']
    a = a or dict(id='', date='', time='09:00', patient='', vet=s['default_vet'], visit_type='Check-up',
                  reason='', status='Scheduled', fee=65, duration=s['default_duration'], paid=False,
                  reminder=s.get('email_reminders', True), notes='')
    q.client.editing = a['id'] if editing else None
    items = [
        ui.dropdown(name='f_patient', label='Patient', required=True, value=a['patient'] or None,
                    placeholder='Choose a patient',
                    choices=[ui.choice(p['name'], f"{p['name']} ({p['species']}, {p['owner']})")
                             for p in sorted(STATE['patients'], key=lambda p: p['name'])]),
        ui.combobox(name='f_vet', label='Vet', value=a['vet'], choices=STATE['vets']),
        ui.date_picker(name='f_date', label='Date', value=a['date'] or None, placeholder='Pick a date'),
        ui.dropdown(name='f_time', label='Time', value=a['time'], choices=[ui.choice(t, t) for t in TIMES]),
        ui.choice_group(name='f_type', label='Visit type', value=a['visit_type'], inline=True,
                        choices=[ui.choice(t, t) for t in VISIT_TYPES]),
        ui.textbox(name='f_reason', label='Reason for visit', value=a['reason']),
        ui.dropdown(name='f_status', label='Status', value=a['status'], choices=[ui.choice(s_, s_) for s_ in STATUSES]),
        ui.slider(name='f_duration', label='Duration (minutes)', min=15, max=180, step=15, value=a['duration']),
        ui.spinbox(name='f_fee', label='Fee (€)', min=0, max=2000, step=5, value=a['fee']),
        ui.checkbox(name='f_paid', label='Paid', value=a['paid']),
        ui.toggle(name='f_reminder', label='Send reminder e-mail', value=a['reminder']),
        ui.textbox(name='f_notes', label='Notes', multiline=True, value=a['notes']),
    ]
    if q.client.form_error:
        items.insert(0, ui.message_bar(type='error', text=q.client.form_error))
        q.client.form_error = None
    buttons = [ui.button(name='save_appointment', label='Save', primary=True),
               ui.button(name='cancel_panel', label='Cancel')]
    if editing:
        buttons.append(ui.button(name='delete_appointment', label='Delete', icon='Delete'))
    items.append(ui.buttons(buttons))
    q.page['meta'].side_panel = ui.side_panel(
        title=f"Edit appointment {a['id']}" if editing else 'New appointment', items=items, width='480px',
        name='appointment_panel', closable=True, blocking=True, events=['dismissed'])


def save_appointment(q: Q) -> bool:
    a = dict(patient=q.args.f_patient or '', vet=(q.args.f_vet or '').strip(), date=q.args.f_date or '',
             time=q.args.f_time or '09:00', visit_type=q.args.f_type or 'Check-up',
             reason=(q.args.f_reason or '').strip(), status=q.args.f_status or 'Scheduled',
             fee=int(q.args.f_fee) if q.args.f_fee is not None else 0,
             duration=int(q.args.f_duration) if q.args.f_duration is not None else 30,
             paid=bool(q.args.f_paid), reminder=bool(q.args.f_reminder), notes=q.args.f_notes or '')
    a['id'] = q.client.editing or ''
    q.client.draft = a
    missing = [label for key, label in [('patient', 'Patient'), ('date', 'Date'), ('vet', 'Vet')] if not a[key]]
    if missing:
        q.client.form_error = 'Please fill in: ' + ', '.join(missing)
        return False
    if a['vet'] not in STATE['vets']:
        STATE['vets'].append(a['vet'])
    if q.client.editing:
        target = next(x for x in STATE['appointments'] if x['id'] == q.client.editing)
        target.update(a)
        q.client.message = f"Appointment {target['id']} for {a['patient']} updated."
    else:
        a['id'] = next_id(STATE['appointments'], 'A')
        STATE['appointments'].append(a)
        q.client.message = f"Appointment {a['id']} for {a['patient']} created."
    STATE['appointments'].sort(key=lambda x: (x['date'], x['time'], x['id']))
    save()
    return True


def patients_page(q: Q, message: str | None = None) -> None:
    clear_page(q)
    counts = {}
    for a in STATE['appointments']:
        counts[a['patient']] = counts.get(a['patient'], 0) + 1
    items = []
    if message:
        items.append(ui.message_bar(type='success', text=message))
    items += [
        ui.text_l(f"Patients ({len(STATE['patients'])})"),
        ui.table(name='patients', height='760px', columns=[
            ui.table_column(name='id', label='ID', sortable=True, max_width='55px', min_width='55px'),
            ui.table_column(name='name', label='Name', sortable=True, searchable=True, link=True, min_width='75px', max_width='80px'),
            ui.table_column(name='species', label='Species', sortable=True, filterable=True, min_width='80px', max_width='80px'),
            ui.table_column(name='breed', label='Breed', sortable=True, searchable=True, min_width='120px', max_width='130px'),
            ui.table_column(name='owner', label='Owner', sortable=True, searchable=True, min_width='115px', max_width='120px'),
            ui.table_column(name='birth', label='Born', sortable=True, min_width='90px', max_width='90px'),
            ui.table_column(name='weight', label='Weight (kg)', sortable=True, data_type='number',
                            align='right', min_width='85px', max_width='85px'),
            ui.table_column(name='neutered', label='Neutered', filterable=True, min_width='85px', max_width='85px'),
            ui.table_column(name='visits', label='Visits', sortable=True, data_type='number', align='right',
                            min_width='60px'),
        ], rows=[ui.table_row(name=p['id'], cells=[
            p['id'], p['name'], p['species'], p['breed'], p['owner'], p['birth'], f"{p['weight']:g}",
            'Yes' if p['neutered'] else 'No', str(counts.get(p['name'], 0))]) for p in STATE['patients']]),
    ]
    q.page['main'] = ui.form_card(box='main', items=items)
    sel = patient(q.client.patient_name) if q.client.patient_name else None
    if sel:
        history = [a for a in STATE['appointments'] if a['patient'] == sel['name']]
        q.page['side'] = ui.form_card(box='side', title=f"{sel['name']} — details", items=[
            ui.stats([ui.stat(label='Species', value=sel['species']), ui.stat(label='Weight', value=f"{sel['weight']:g} kg"),
                      ui.stat(label='Visits', value=str(len(history)))], justify='between'),
            ui.text(f"**Breed:** {sel['breed']}  \n**Owner:** {sel['owner']}  \n**Born:** {sel['birth']}"),
            ui.separator('Visits'),
            ui.text_s('\n'.join(f"- {a['date']} · {a['visit_type']} · {a['status']}" for a in history) or 'No visits.'),
            ui.buttons([ui.button(name='close_patient', label='Close')]),
        ])
    else:
        q.page['side'] = ui.form_card(box='side', title='Register a patient', items=[
            ui.textbox(name='p_name', label='Pet name', required=True),
            ui.dropdown(name='p_species', label='Species', value='Dog', choices=[ui.choice(s, s) for s in SPECIES]),
            ui.textbox(name='p_breed', label='Breed'),
            ui.textbox(name='p_owner', label='Owner', required=True),
            ui.date_picker(name='p_birth', label='Date of birth', placeholder='Pick a date'),
            ui.spinbox(name='p_weight', label='Weight (kg)', min=0, max=120, step=0.1, value=5),
            ui.checkbox(name='p_neutered', label='Neutered / spayed'),
            ui.button(name='add_patient', label='Add patient', primary=True),
        ])


def reports_page(q: Q) -> None:
    clear_page(q)
    appts = STATE['appointments']
    done = [a for a in appts if a['status'] == 'Completed']
    upcoming = [a for a in appts if a['status'] in ('Scheduled', 'Confirmed')]
    q.page['stats1'] = ui.small_stat_card(box='stats', title='Total appointments', value=str(len(appts)))
    q.page['stats2'] = ui.small_stat_card(box='stats', title='Upcoming', value=str(len(upcoming)))
    q.page['stats3'] = ui.small_stat_card(box='stats', title='Completed', value=str(len(done)))
    q.page['stats4'] = ui.small_stat_card(box='stats', title='Revenue (completed)',
                                          value=money(sum(a['fee'] for a in done)))
    by_vet = q.client.report_by or 'vet'
    key = {'vet': 'vet', 'type': 'visit_type', 'status': 'status'}[by_vet]
    groups = {}
    for a in appts:
        g = groups.setdefault(a[key], [0, 0])
        g[0] += 1
        g[1] += a['fee']
    label = {'vet': 'Vet', 'type': 'Visit type', 'status': 'Status'}[by_vet]
    q.page['main'] = ui.form_card(box='main', title='Appointments summary', items=[
        ui.choice_group(name='report_by', label='Group by', value=by_vet, inline=True, trigger=True, choices=[
            ui.choice('vet', 'Vet'), ui.choice('type', 'Visit type'), ui.choice('status', 'Status')]),
        ui.table(name='summary', columns=[
            ui.table_column(name='group', label=label, sortable=True, min_width='200px'),
            ui.table_column(name='count', label='Appointments', sortable=True, data_type='number', min_width='120px'),
            ui.table_column(name='fees', label='Total fees (€)', sortable=True, data_type='number', min_width='120px'),
        ], rows=[ui.table_row(name=f'g{i}', cells=[g, str(c), str(f)])
                 for i, (g, (c, f)) in enumerate(sorted(groups.items()))]),
    ])


def settings_page(q: Q, message: str | None = None) -> None:
    clear_page(q)
    s = STATE['settings']
    items = []
    if message:
        items.append(ui.message_bar(type='success', text=message))
    items += [
        ui.textbox(name='s_clinic_name', label='Clinic name', value=s['clinic_name']),
        ui.dropdown(name='s_default_vet', label='Default vet for new appointments', value=s['default_vet'],
                    choices=[ui.choice(v, v) for v in STATE['vets']]),
        ui.slider(name='s_default_duration', label='Default appointment length (minutes)', min=15, max=120,
                  step=15, value=s['default_duration']),
        ui.choice_group(name='s_currency', label='Currency', value=s.get('currency', 'EUR'), inline=True,
                        choices=[ui.choice('EUR', 'Euro'), ui.choice('GBP', 'Pound'), ui.choice('USD', 'Dollar')]),
        ui.toggle(name='s_show_cancelled', label='Show cancelled appointments', value=s['show_cancelled']),
        ui.checkbox(name='s_email_reminders', label='Send reminder e-mails by default', value=s['email_reminders']),
        ui.buttons([ui.button(name='save_settings', label='Save settings', primary=True),
                    ui.button(name='reset_settings', label='Discard changes')]),
    ]
    q.page['main'] = ui.form_card(box='main', title='Settings', items=items)
    q.page['side'] = ui.form_card(box='side', title='Vets', items=[
        ui.text('\n'.join(f'- {v}' for v in STATE['vets']))])


async def show(q: Q, route: str) -> None:
    q.client.route = route
    q.page['meta'].layouts = layouts(route in ('#patients', '#settings'))
    tabs(q, route)
    msg = q.client.message
    q.client.message = None
    if route == '#patients':
        patients_page(q, msg)
    elif route == '#reports':
        reports_page(q)
    elif route == '#settings':
        settings_page(q, msg)
    else:
        appointments_page(q, msg)


@app('/')
async def serve(q: Q):
    if not q.client.initialized:
        q.client.initialized = True
        init(q)
        route = q.args['#']
        await show(q, f'#{route}' if route else '#appointments')
        await q.page.save()
        return

    route = q.client.route or '#appointments'
    if q.args['#'] is not None and f"#{q.args['#']}" != route and not any(
            q.args[k] for k in ('appointments', 'patients', 'save_appointment', 'confirm_delete')):
        q.page['meta'].side_panel = None
        q.page['meta'].dialog = None
        await show(q, f"#{q.args['#']}")
    elif q.args.appointments:
        a = next((x for x in STATE['appointments'] if x['id'] == q.args.appointments[0]), None)
        if a:
            appointment_form(q, a)
    elif q.args.new_appointment:
        appointment_form(q, None)
    elif q.args.save_appointment:
        if save_appointment(q):
            q.page['meta'].side_panel = None
            q.page['meta'].notification_bar = ui.notification_bar(text=q.client.message, type='success',
                                                                  position='top-right', timeout=8)
            await show(q, '#appointments')
        else:
            appointment_form(q, q.client.draft, editing=bool(q.client.editing))
    elif q.args.cancel_panel or (q.events.appointment_panel and q.events.appointment_panel.dismissed):
        q.page['meta'].side_panel = None
    elif q.args.delete_appointment:
        a_id = q.client.editing
        q.page['meta'].dialog = ui.dialog(title='Delete appointment?', name='delete_dialog', closable=True,
                                          items=[
            ui.text(f'Appointment {a_id} will be removed permanently. This cannot be undone.'),
            ui.buttons([ui.button(name='confirm_delete', label='Delete', primary=True),
                        ui.button(name='cancel_delete', label='Keep it')]),
        ])
    elif q.args.confirm_delete:
        a_id = q.client.editing
        STATE['appointments'] = [x for x in STATE['appointments'] if x['id'] != a_id]
        save()
        q.page['meta'].dialog = None
        q.page['meta'].side_panel = None
        q.client.editing = None
        q.client.message = f'Appointment {a_id} deleted.'
        q.page['meta'].notification_bar = ui.notification_bar(text=f'Appointment {a_id} deleted.', type='warning',
                                                              position='top-right', timeout=8)
        await show(q, '#appointments')
    elif q.args.cancel_delete or (q.events.delete_dialog and q.events.delete_dialog.dismissed):
        q.page['meta'].dialog = None
    elif q.args.patients:
        q.client.patient_name = patient_by_id(q.args.patients[0]).get('name')
        await show(q, '#patients')
    elif q.args.close_patient:
        q.client.patient_name = None
        await show(q, '#patients')
    elif q.args.add_patient:
        name = (q.args.p_name or '').strip()
        owner = (q.args.p_owner or '').strip()
        if not name or not owner:
            q.page['meta'].notification_bar = ui.notification_bar(
                text='Pet name and owner are required.', type='error', position='top-right', timeout=8)
        else:
            pid = next_id(STATE['patients'], 'P')
            STATE['patients'].append(dict(id=pid, name=name, species=q.args.p_species or 'Dog',
                                          breed=(q.args.p_breed or '').strip(), owner=owner,
                                          birth=q.args.p_birth or '', weight=round(float(q.args.p_weight or 0), 2),
                                          neutered=bool(q.args.p_neutered)))
            save()
            q.client.message = f'{name} was registered as patient {pid}.'
            await show(q, '#patients')
    elif q.args.report_by:
        q.client.report_by = q.args.report_by
        await show(q, '#reports')
    elif q.args.save_settings:
        s = STATE['settings']
        s['clinic_name'] = (q.args.s_clinic_name or s['clinic_name']).strip()
        s['default_vet'] = q.args.s_default_vet or s['default_vet']
        s['default_duration'] = int(q.args.s_default_duration or s['default_duration'])
        s['currency'] = q.args.s_currency or s.get('currency', 'EUR')
        s['show_cancelled'] = bool(q.args.s_show_cancelled)
        s['email_reminders'] = bool(q.args.s_email_reminders)
        save()
        q.client.message = 'Settings saved.'
        await show(q, '#settings')
    elif q.args.reset_settings:
        await show(q, '#settings')
    await q.page.save()


def patient_by_id(pid: str) -> dict:
    return next((p for p in STATE['patients'] if p['id'] == pid), {})
