#!/usr/bin/perl
# Drives one SMPP session with Net::SMPP (Debian's libnet-smpp-perl), a client Ogene did not write,
# through the steps given as a JSON array, and prints what came back as one JSON object a line.
#
#   netsmpp-session.pl HOST PORT '[{"op":"connect"},{"op":"bind","mode":"transceiver",...},...]'
#
# Steps (each prints one line per answer it gets, with "op" set to the step's op):
#   connect                              open the TCP connection (no bind)
#   bind     mode system_id password     bind_transmitter / bind_receiver / bind_transceiver
#   submit   source destination text     submit_sm; optional data_coding (0, 3 or 8), registered_delivery,
#            [count] [split] [payload]   count (sent back to back before any answer is read), split
#                                        {"method":"udh"|"sar","size":N,"reference":R} to send the
#                                        text as a long message in parts, payload (message_payload TLV)
#   enquire_link                         enquire_link
#   raw      command_id                  a request with that command id and no body
#   receipt  [timeout]                   the next deliver_sm (answered with deliver_sm_resp)
#   unbind                               unbind
#   closed   [timeout]                   waits for the server to close the connection
#
# The session runs in Net::SMPP's asynchronous mode so that a deliver_sm arriving while an answer
# is awaited is answered and kept for a later "receipt" step, not dropped as the synchronous mode
# would. Any deliver_sm or unbind that arrives unasked is also printed as an "unsolicited" line.
use strict;
use warnings;

use Encode qw(encode);
use IO::Select;
use JSON::PP;
use Net::SMPP;
use Time::HiRes qw(time);

my ($host, $port, $stepsJson) = @ARGV;
die "usage: $0 HOST PORT STEPS_JSON\n" unless defined $stepsJson;
my $steps = decode_json($stepsJson);
my $json = JSON::PP->new->canonical->utf8;
$| = 1;

my $smpp;
my @receipts;  # deliver_sm that arrived before a "receipt" step asked for them
my $DefaultTimeout = 15;

sub say_json { print $json->encode($_[0]), "\n"; }

sub hex_of { return unpack('H*', $_[0] // ''); }

# A C-octet string TLV as Net::SMPP gives it: the bytes with the terminating NUL, if any.
sub c_string {
    my ($value) = @_;
    return undef unless defined $value;
    $value =~ s/\0\z//;
    return $value;
}

# The PDU as a JSON-friendly hash: what every check needs, raw bytes as hex.
sub describe {
    my ($pdu) = @_;
    my %out = (
        command     => $pdu->explain_cmd,
        command_id  => $pdu->{cmd},
        status      => $pdu->{status},
        seq         => $pdu->{seq},
        body_length => length($pdu->{data}),
        body_hex    => hex_of($pdu->{data}),
    );
    $out{system_id} = $pdu->{system_id} if exists $pdu->{system_id};
    $out{message_id} = $pdu->{message_id} if exists $pdu->{message_id};
    if ($pdu->{cmd} == Net::SMPP::CMD_deliver_sm) {
        $out{$_} = $pdu->{$_} for qw(source_addr source_addr_ton source_addr_npi destination_addr esm_class data_coding);
        $out{short_message} = $pdu->{short_message};
        $out{receipted_message_id} = c_string($pdu->{receipted_message_id});
        $out{receipted_message_id_hex} = hex_of($pdu->{receipted_message_id});
        $out{message_state} = unpack('C', $pdu->{message_state}) if defined $pdu->{message_state};
    }
    return \%out;
}

# Reads the next PDU, waiting at most $timeout seconds; undef on timeout or when the line closed
# (then $closed is set).
sub next_pdu {
    my ($timeout, $closed) = @_;
    my $ready = IO::Select->new($smpp)->can_read($timeout > 0 ? $timeout : 0);
    return undef unless $ready;
    my $pdu = $smpp->read_pdu();
    $$closed = 1 unless $pdu;
    return $pdu;
}

# Handles what the server sends on its own; true when the PDU was one of those.
sub handle_unasked {
    my ($pdu) = @_;
    if ($pdu->{cmd} == Net::SMPP::CMD_deliver_sm) {
        $smpp->deliver_sm_resp(message_id => '', seq => $pdu->{seq});
        push @receipts, $pdu;
        return 1;
    }
    if ($pdu->{cmd} == Net::SMPP::CMD_enquire_link) {
        $smpp->enquire_link_resp(seq => $pdu->{seq});
        return 1;
    }
    if ($pdu->{cmd} == Net::SMPP::CMD_unbind) {
        $smpp->unbind_resp(seq => $pdu->{seq});
        say_json({ op => 'unsolicited', %{ describe($pdu) } });
        return 1;
    }
    return 0;
}

# Waits for the answers to the given sequence numbers and prints each in the order asked.
sub await_answers {
    my ($op, $started, @sequences) = @_;
    my %wanted = map { $_ => 1 } @sequences;
    my %answers;
    my $deadline = time + $DefaultTimeout;
    while (keys %wanted) {
        my $closed = 0;
        my $pdu = next_pdu($deadline - time, \$closed);
        if (!$pdu) {
            say_json({ op => $op, error => $closed ? 'closed' : 'timeout', waiting => scalar(keys %wanted) });
            return 0;
        }
        if (($pdu->{cmd} & 0x80000000) && $wanted{ $pdu->{seq} }) {
            delete $wanted{ $pdu->{seq} };
            $answers{ $pdu->{seq} } = { %{ describe($pdu) }, ms => int((time - $started) * 1000) };
            next;
        }
        handle_unasked($pdu) or say_json({ op => 'unexpected', %{ describe($pdu) } });
    }
    my $index = 0;
    say_json({ op => $op, index => $index++, %{ $answers{$_} } }) for @sequences;
    return 1;
}

sub short_message_bytes {
    my ($text, $coding) = @_;
    return encode('UTF-16BE', $text) if $coding == 8;
    return encode('iso-8859-1', $text) if $coding == 3;
    # data_coding 0: the test's texts are letters, digits, spaces and punctuation that GSM 03.38
    # puts at the same code points as ASCII, sent unpacked (one octet a character).
    return encode('ascii', $text);
}

# The submit_sm (one, or one per part) that a submit step asks for, as Net::SMPP argument lists.
sub submit_requests {
    my ($step) = @_;
    my $coding = $step->{data_coding} // 0;
    my @common = (
        source_addr_ton     => 5,
        source_addr         => $step->{source},
        dest_addr_ton       => 1,
        dest_addr_npi       => 1,
        destination_addr    => $step->{destination},
        registered_delivery => $step->{registered_delivery} // 0,
        data_coding         => $coding,
    );
    my $bytes = short_message_bytes($step->{text}, $coding);
    if ($step->{payload}) {
        return ([@common, short_message => '', message_payload => $bytes]);
    }
    my $split = $step->{split};
    return ([@common, short_message => $bytes]) x ($step->{count} // 1) unless $split;

    my $unit = $coding == 8 ? 2 : 1;
    my $size = $split->{size} * $unit;
    my @parts = map { substr($bytes, $_ * $size, $size) } 0 .. int((length($bytes) - 1) / $size);
    my $total = scalar @parts;
    my @requests;
    for my $i (0 .. $#parts) {
        if ($split->{method} eq 'udh') {
            # 8-bit concatenation reference: IEI 00, length 3, reference, total, sequence.
            my $udh = pack('CCCCCC', 5, 0, 3, $split->{reference}, $total, $i + 1);
            push @requests, [@common, esm_class => 0x40, short_message => $udh . $parts[$i]];
        } else {
            push @requests, [@common, short_message => $parts[$i],
                             sar_msg_ref_num => pack('n', $split->{reference}),
                             sar_total_segments => pack('C', $total),
                             sar_segment_seqnum => pack('C', $i + 1)];
        }
    }
    return @requests;
}

my %bind = (
    transmitter => sub { $smpp->bind_transmitter(@_) },
    receiver    => sub { $smpp->bind_receiver(@_) },
    transceiver => sub { $smpp->bind_transceiver(@_) },
);

for my $step (@$steps) {
    my $op = $step->{op};
    my $started = time;
    if ($op eq 'connect') {
        $smpp = Net::SMPP->new_connect($host, port => $port, async => 1, timeout => 5);
        say_json({ op => $op, ok => $smpp ? JSON::PP::true : JSON::PP::false, error => $smpp ? undef : "$!" });
        last unless $smpp;
    } elsif ($op eq 'bind') {
        my $seq = $bind{ $step->{mode} }->(system_id => $step->{system_id}, password => $step->{password});
        await_answers($op, $started, $seq) or last;
    } elsif ($op eq 'submit') {
        my @sequences = map { $smpp->submit_sm(@$_) } submit_requests($step);
        await_answers($op, $started, @sequences) or last;
    } elsif ($op eq 'enquire_link') {
        await_answers($op, $started, $smpp->enquire_link()) or last;
    } elsif ($op eq 'raw') {
        # Net::SMPP's own request builder, with a command id it does not know.
        await_answers($op, $started, $smpp->req_backend($step->{command_id}, '', $smpp)) or last;
    } elsif ($op eq 'receipt') {
        my $deadline = time + ($step->{timeout} // $DefaultTimeout);
        while (!@receipts) {
            my $closed = 0;
            my $pdu = next_pdu($deadline - time, \$closed) or last;
            handle_unasked($pdu) or say_json({ op => 'unexpected', %{ describe($pdu) } });
        }
        if (!@receipts) {
            say_json({ op => $op, error => 'timeout' });
            last;
        }
        say_json({ op => $op, %{ describe(shift @receipts) }, ms => int((time - $started) * 1000) });
    } elsif ($op eq 'unbind') {
        await_answers($op, $started, $smpp->unbind()) or last;
    } elsif ($op eq 'closed') {
        my $deadline = time + ($step->{timeout} // $DefaultTimeout);
        my $closed = 0;
        while (!$closed && time < $deadline) {
            my $pdu = next_pdu($deadline - time, \$closed) or next;
            handle_unasked($pdu) or say_json({ op => 'unexpected', %{ describe($pdu) } });
        }
        say_json({ op => $op, closed => $closed ? JSON::PP::true : JSON::PP::false });
    } else {
        die "unknown step '$op'\n";
    }
}
# Receipts nobody asked for: a check that expects none sees them here.
say_json({ op => 'unsolicited', %{ describe($_) } }) for @receipts;
